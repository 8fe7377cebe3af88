"""The evaluator, Saint Poker's exactly 2 + 3, the German tie-break and equity from Python."""

import pytest

import tavolo


def test_evaluate_names_the_best_five_of_seven():
    rank = tavolo.evaluate("As Kd Qh Jc Tc 9s 2d")
    assert rank.category == "straight"
    assert rank.describe() == "Straight, Ace high"
    assert rank.describe("it").startswith("Scala")
    assert 1 <= rank.value <= 7462
    five, same = tavolo.best_five(["As", "Kd", "Qh", "Jc", "Tc", "9s", "2d"])
    assert same == rank and five == ["As", "Kd", "Qh", "Jc", "Tc"]


def test_larger_is_stronger_and_ranks_compare_and_hash():
    flush = tavolo.evaluate("2h 5h 9h Jh Kh")
    pair = tavolo.evaluate("Ks Kh Ad 9c 4s")
    assert flush > pair and pair < flush and flush != pair
    assert len({pair, tavolo.evaluate("Kd Kc Ah 9d 4h")}) == 1
    assert int(tavolo.HandRank(7462)) == 7462
    with pytest.raises(ValueError):
        tavolo.HandRank(0)


def test_german_tie_break_ignores_the_lower_kickers():
    a = tavolo.evaluate("Ks Kh Ad 9c 4s")
    b = tavolo.evaluate("Kd Kc Ah 8c 3s")
    assert a > b
    assert tavolo.compare(a, b) == 1
    assert tavolo.compare(a, b, "german") == 0
    assert a.key("german") == b.key("german")


def test_saint_poker_takes_exactly_two_own_and_three_centre_cards():
    # Five hearts in the centre, but only two own cards may play: no flush without two hearts.
    five, rank = tavolo.best_saint("As Ac", "2h 5h 9h Jh Kh")
    assert rank.category == "one_pair"
    assert five[:2] == ["As", "Ac"]
    _, any_five = tavolo.best_saint("As Ac", "2h 5h 9h Jh Kh", rule="any_five")
    assert any_five.category == "flush"
    with pytest.raises(tavolo.CardError):
        tavolo.best_saint("As", "2h 5h 9h")


def test_bad_cards_raise_card_errors_that_say_why():
    with pytest.raises(tavolo.CardError, match="(?i)duplicate|twice|more than once"):
        tavolo.evaluate("As As Kd Qh Jc")
    with pytest.raises(tavolo.CardError):
        tavolo.evaluate("Xx Kd Qh Jc Tc")
    with pytest.raises(tavolo.CardError):
        tavolo.evaluate("As Kd")
    with pytest.raises(tavolo.TavoloError):
        tavolo.evaluate(["As", 7, "Qh", "Jc", "Tc"])
    assert tavolo.parse_cards("as kd") == ["As", "Kd"]


def test_exact_equity_matches_the_known_count():
    aa, kk = tavolo.equity(["AsAh", "KdKc"], threads=1)
    # 1,388,072 wins, 317,694 losses and 6,538 ties of 1,712,304 boards.
    assert aa["win"] == pytest.approx(1_388_072 / 1_712_304)
    assert aa["tie"] == pytest.approx(6_538 / 1_712_304)
    assert aa["equity"] + kk["equity"] == pytest.approx(1.0)
    sampled = tavolo.equity(["AsAh", None], samples=20_000, seed=3)
    assert tavolo.equity(["AsAh", "random"], samples=20_000, seed=3) == sampled
    assert sampled[0]["std_error"] > 0 and 0.8 < sampled[0]["equity"] < 0.9
    saint = tavolo.equity(["Ah2c", "KsKd"], board="3h6h9hJh4c", game="saint")
    assert sum(p["equity"] for p in saint) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        tavolo.equity(["AsAh", "KdKc"], game="omaha")
