//! A player's notices survive the coordinator's node (issue 51): they were English text kept in
//! the old owner's memory, lost with it. A new owner that replays the log tells again every
//! notice that follows from its steps — seated, moved, out, rebuys, add-ons, deals, called off.

use tavolo_cards::GameRng;
use tavolo_server::tournament::Notice;
use tavolo_store::UserId;

use super::bench::{sit_and_go, Bench};

/// The notices of the log's steps: seated, moved and out (the others are the books' answers).
fn of_the_log(notices: &[(UserId, Notice)]) -> Vec<(UserId, Notice)> {
    (notices.iter())
        .filter(|(_, n)| {
            matches!(
                n,
                Notice::Seated { .. } | Notice::Moved { .. } | Notice::Busted { .. }
            )
        })
        .cloned()
        .collect()
}

#[test]
fn notices_were_lost_with_the_coordinators_node_and_a_new_owner_tells_them_again() {
    let mut b = Bench::new(sit_and_go(12, 6), &[1_000; 12], 7);
    b.register(12);
    let mut rng = GameRng::from_u64(5);
    for _ in 0..10_000 {
        let out = (of_the_log(&b.notices).iter()).any(|(_, n)| matches!(n, Notice::Busted { .. }));
        let moved = (of_the_log(&b.notices).iter()).any(|(_, n)| matches!(n, Notice::Moved { .. }));
        if out && moved {
            break;
        }
        for t in b.dealing() {
            b.play(t, &mut rng);
        }
        b.settle();
    }
    let told = of_the_log(&b.notices);
    assert!(
        told.iter().any(|(_, n)| matches!(n, Notice::Moved { .. })),
        "{told:?}"
    );
    // The node dies with every write landed: the new owner replays the log.
    b.notices.clear();
    b.crash(|| true);
    assert_eq!(of_the_log(&b.notices), told, "told again, in order");
}
