//! Finishing orders, tied places and deals scripted from the rules (RULES.md §5).

use tavolo_engine::Chips;

use super::stories::chips;
/// Finishing orders from the rules (RULES.md §5 "Finishing order and hand-for-hand", "Kinds and
/// money"), one scripted case a line: players left before the hand, the busts (player, stack at
/// the hand's start, table), and the places (player, place, players sharing it).
#[test]
fn finishing_order_cases_from_the_rules() {
    use tavolo_engine::tournament::{bust_places, Bust};
    type Case = (
        &'static str,
        usize,
        &'static [(u32, u64, usize)],
        &'static [(u32, usize, usize)],
    );
    let cases: [Case; 24] = [
        ("one bust", 10, &[(1, 500, 0)], &[(1, 10, 1)]),
        (
            "at one table the larger starting stack finishes higher",
            10,
            &[(1, 300, 0), (2, 500, 0), (3, 100, 0)],
            &[(1, 9, 1), (2, 8, 1), (3, 10, 1)],
        ),
        (
            "at one table equal stacks tie",
            5,
            &[(1, 300, 0), (2, 300, 0), (3, 100, 0)],
            &[(1, 3, 2), (2, 3, 2), (3, 5, 1)],
        ),
        (
            "hand-for-hand busts at different tables tie whatever their stacks",
            52,
            &[(1, 300, 0), (2, 9_000, 1), (3, 100, 2)],
            &[(1, 50, 3), (2, 50, 3), (3, 50, 3)],
        ),
        (
            "hand-for-hand two at one table and one elsewhere tie by rank",
            20,
            &[(1, 300, 0), (2, 200, 0), (3, 100, 1)],
            &[(1, 18, 2), (2, 20, 1), (3, 18, 2)],
        ),
        (
            "one table, two stacks",
            10,
            &[(1, 500, 0), (2, 300, 0)],
            &[(1, 9, 1), (2, 10, 1)],
        ),
        (
            "one table, equal stacks tie",
            10,
            &[(1, 500, 0), (2, 500, 0)],
            &[(1, 9, 2), (2, 9, 2)],
        ),
        (
            "one table, three stacks",
            6,
            &[(1, 100, 0), (2, 300, 0), (3, 200, 0)],
            &[(1, 6, 1), (2, 4, 1), (3, 5, 1)],
        ),
        (
            "one table, two equal and one larger",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 900, 0)],
            &[(1, 5, 2), (2, 5, 2), (3, 4, 1)],
        ),
        (
            "one table, two equal and one smaller",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 100, 0)],
            &[(1, 4, 2), (2, 4, 2), (3, 6, 1)],
        ),
        (
            "one table, all three equal",
            6,
            &[(1, 300, 0), (2, 300, 0), (3, 300, 0)],
            &[(1, 4, 3), (2, 4, 3), (3, 4, 3)],
        ),
        (
            "heads-up to a winner: second place",
            2,
            &[(1, 700, 0)],
            &[(1, 2, 1)],
        ),
        (
            "three-handed, two bust: second and third",
            3,
            &[(1, 200, 0), (2, 400, 0)],
            &[(1, 3, 1), (2, 2, 1)],
        ),
        (
            "hand-for-hand, two tables",
            12,
            &[(1, 100, 0), (2, 9_000, 1)],
            &[(1, 11, 2), (2, 11, 2)],
        ),
        (
            "hand-for-hand, three tables",
            20,
            &[(1, 100, 0), (2, 200, 1), (3, 300, 2)],
            &[(1, 18, 3), (2, 18, 3), (3, 18, 3)],
        ),
        (
            "hand-for-hand, two at one table and one elsewhere",
            20,
            &[(1, 500, 0), (2, 100, 0), (3, 50, 1)],
            &[(1, 18, 2), (2, 20, 1), (3, 18, 2)],
        ),
        (
            "hand-for-hand, two at each of two tables",
            30,
            &[(1, 500, 0), (2, 100, 0), (3, 50, 1), (4, 70, 1)],
            &[(1, 27, 2), (2, 29, 2), (3, 29, 2), (4, 27, 2)],
        ),
        (
            "hand-for-hand, equal stacks at one table and one elsewhere",
            20,
            &[(1, 100, 0), (2, 100, 0), (3, 900, 1)],
            &[(1, 18, 3), (2, 18, 3), (3, 18, 3)],
        ),
        (
            "52 left, 50 paid: three bust on the announcement hand at three tables",
            52,
            &[(1, 10, 0), (2, 20, 1), (3, 30, 2)],
            &[(1, 50, 3), (2, 50, 3), (3, 50, 3)],
        ),
        (
            "52 left: three bust at one table",
            52,
            &[(1, 10, 0), (2, 20, 0), (3, 30, 0)],
            &[(1, 52, 1), (2, 51, 1), (3, 50, 1)],
        ),
        (
            "52 left: two at one table, one at another",
            52,
            &[(1, 10, 0), (2, 20, 0), (3, 5, 1)],
            &[(1, 52, 1), (2, 50, 2), (3, 50, 2)],
        ),
        (
            "final table, four bust",
            9,
            &[(1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0)],
            &[(1, 9, 1), (2, 8, 1), (3, 7, 1), (4, 6, 1)],
        ),
        (
            "a bust with no chips at the start is last",
            5,
            &[(1, 0, 0), (2, 10, 0)],
            &[(1, 5, 1), (2, 4, 1)],
        ),
        (
            "ties rank by stack only at their own table",
            40,
            &[(1, 300, 0), (2, 200, 0), (3, 200, 1), (4, 100, 1)],
            &[(1, 37, 2), (2, 39, 2), (3, 37, 2), (4, 39, 2)],
        ),
    ];
    for (name, left, busts, want) in cases {
        let busts: Vec<Bust<u32>> = busts
            .iter()
            .map(|&(player, stack, table)| Bust {
                player,
                stack: Chips::new(stack),
                table,
            })
            .collect();
        let mut got: Vec<(u32, usize, usize)> = bust_places(left, &busts)
            .into_iter()
            .map(|p| (p.player, p.place, p.tied))
            .collect();
        got.sort_unstable();
        assert_eq!(got, want, "{name}");
    }
}

/// What tied places and deals pay (RULES.md §5 "Kinds and money"), five scripted cases.
#[test]
fn tied_places_and_deals_pay_as_the_rules_say() {
    use tavolo_engine::tournament::{chip_chop, icm, share_tied, Tied};
    let tie = |player, stack, from_button| Tied {
        player,
        stack: Chips::new(stack),
        from_button,
    };
    let paid = |shares: Vec<(char, Chips)>| -> Vec<(char, u64)> {
        shares.into_iter().map(|(p, c)| (p, c.get())).collect()
    };
    // Two tie for 2nd and 3rd of 50/30/20 of 1,001 (501, 300, 200): 250 each, the odd chip to
    // the larger stack.
    let prizes = chips(&[501, 300, 200]);
    assert_eq!(
        share_tied(&prizes, 2, &[tie('a', 100, 1), tie('b', 400, 2)]).map(paid),
        Ok(vec![('a', 250), ('b', 250)])
    );
    // Three tie for 1st to 3rd: 1,001 / 3 = 333, two over: both to the larger stack.
    assert_eq!(
        share_tied(
            &prizes,
            1,
            &[tie('a', 100, 1), tie('b', 400, 2), tie('c', 100, 3)]
        )
        .map(paid),
        Ok(vec![('a', 333), ('b', 335), ('c', 333)])
    );
    // A tie across the money line: 3rd and 4th share the 3rd prize.
    assert_eq!(
        share_tied(&prizes, 3, &[tie('a', 100, 2), tie('b', 100, 1)]).map(paid),
        Ok(vec![('a', 100), ('b', 100)])
    );
    // The ICM deal of the rules.
    let e = icm(&chips(&[50, 30, 20]), &chips(&[70, 30])).expect("icm");
    let cents: Vec<i64> = e.iter().map(|x| (x * 100.0).round() as i64).collect();
    assert_eq!(cents, vec![4518, 3225, 2257]);
    // A chip chop of 50/30/20 among three: each is sure of 20; the other 40 go 60/30/10 by chips.
    assert_eq!(
        chip_chop(&chips(&[600, 300, 100]), &chips(&[50, 30, 20])),
        Ok(chips(&[44, 32, 24]))
    );
}
