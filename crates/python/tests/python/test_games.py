"""The three games through `tavolo.Game`: options, seeds, legal actions, refusals that change
nothing, per-seat views that hide what they must, records."""

import random

import pytest

import tavolo


def play_randomly(game, rng):
    while not game.is_over():
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        game.apply(rng.choice(legal))
    return game


def test_the_same_seed_deals_the_same_game_and_another_seed_another():
    a = tavolo.Game("holdem", 6, seed=7)
    b = tavolo.Game("holdem", 6, seed=7)
    c = tavolo.Game("holdem", 6, seed=8)
    assert a.view(0) == b.view(0)
    assert a.view(0)["hole"][0] != c.view(0)["hole"][0]
    assert tavolo.Game("holdem", 2, seed=bytes(range(32))).view(0) == tavolo.Game(
        "holdem", 2, seed=bytes(range(32))).view(0)
    with pytest.raises(ValueError):
        tavolo.Game("holdem", 2, seed=b"short")


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_preflop():
    g = tavolo.Game("holdem", 2, options={"big_blind": 20, "small_blind": 10}, seed=1)
    view = g.view(None)
    assert view["button"] == 0 and view["bets"] == [10, 20]
    assert g.to_act() == [0]


def test_options_overlay_the_casino_defaults():
    g = tavolo.Game("holdem", 3, structure="fixed_limit", options={"big_blind": 10}, seed=2)
    assert g.setup["rules"]["structure"] == "fixed_limit"
    assert g.setup["min_bet"] == 10
    d = tavolo.Game("draw", 4, options={"ante": 5}, seed=2)
    assert d.setup["ante"] == 5 and d.setup["stacks"] == [500] * 4
    s = tavolo.Game("saint", 3, options={"hand_rule": "any_five"})
    assert s.setup["hand_rule"] == "any_five" and s.players == 3
    with pytest.raises(tavolo.FormatError):
        tavolo.Game("holdem", 2, options={"big_blind": "lots"})
    with pytest.raises(ValueError):
        tavolo.Game("holdem", 2, structure="spread_limit")
    with pytest.raises(tavolo.SetupError):
        tavolo.Game("saint", 7)
    with pytest.raises(ValueError):
        tavolo.Game("omaha", 2)


def test_an_illegal_action_raises_with_its_facts_and_changes_nothing():
    g = tavolo.Game("holdem", 3, seed=3)
    before = (g.view(None), g.event_count)
    with pytest.raises(tavolo.IllegalActionError) as e:
        g.apply({"action": "check", "seat": 1})
    assert e.value.refusal == "not_your_turn" and e.value.seat == 1
    with pytest.raises(tavolo.IllegalActionError) as e:
        g.apply({"action": "check", "seat": 0})  # facing the big blind
    assert e.value.refusal == "illegal"
    assert {"action": "call", "seat": 0} in e.value.legal
    with pytest.raises(tavolo.IllegalActionError):
        g.apply({"action": "bet_or_raise_to", "seat": 0, "to": 10**9})
    with pytest.raises(tavolo.FormatError):
        g.apply({"action": "dance", "seat": 0})
    with pytest.raises(tavolo.FormatError):
        g.apply("call")
    assert (g.view(None), g.event_count) == before
    g.check({"action": "call", "seat": 0})
    assert g.event_count == before[1]


def test_a_raise_anywhere_in_its_range_is_legal():
    g = tavolo.Game("holdem", 2, seed=4)
    legal = g.legal_actions(0)
    lo, hi = [a["to"] for a in legal if a["action"] == "bet_or_raise_to"]
    g.apply({"action": "bet_or_raise_to", "seat": 0, "to": (lo + hi) // 2})
    assert g.view(None)["bets"][0] == (lo + hi) // 2


def test_views_hide_other_players_cards_and_spectators_see_none():
    g = tavolo.Game("holdem", 4, seed=5)
    me = g.view(1)["hole"]
    assert all(c is not None for c in me[1])
    assert all(c is None for s in (0, 2, 3) for c in me[s])
    assert all(c is None for h in g.view(None)["hole"] for c in h)
    for e in g.events(seat=2):
        if "cards" in e and e.get("seat") not in (None, 2):
            assert all(c is None for c in e["cards"])
    with pytest.raises(ValueError):
        g.view(9)


def test_saint_poker_keeps_simultaneous_choices_secret_until_all_have_chosen():
    g = tavolo.Game("saint", 3, seed=6)
    assert g.to_act() == [0, 1, 2]
    card = g.legal_actions(0)[0]
    g.apply(card)
    assert g.view(0)["my_choice"] is not None
    assert g.view(1)["my_choice"] is None
    assert "placed" not in str(g.events(seat=1)[-1:]) or g.events(seat=1)[-1:] == []
    assert 0 not in g.to_act()


def test_random_games_of_each_game_end_conserving_chips_or_scoring_points():
    rng = random.Random(11)
    for i in range(60):
        g = play_randomly(tavolo.Game("holdem", 2 + i % 8, seed=i), rng)
        o = g.outcome()
        assert o["kind"] == "chips" and sum(o["start"]) == sum(o["end"]) and sum(o["net"]) == 0
        assert abs(sum(g.rewards())) < 1e-6
        d = play_randomly(tavolo.Game("draw", 2 + i % 4, seed=i), rng)
        od = d.outcome()
        assert sum(od["start"]) + od["carried_in"] == sum(od["end"]) + od["carried_out"]
    s = play_randomly(tavolo.Game("saint", 4, seed=1), rng)
    o = s.outcome()
    assert o["kind"] == "points" and o["winners"]
    assert s.record()[0] == "saint-json"


def test_records_come_out_in_each_games_format():
    rng = random.Random(2)
    g = play_randomly(tavolo.Game("holdem", 3, seed=9), rng)
    fmt, text = g.record(["ann", "bob", "cy"])
    assert fmt == "phh" and "actions" in text and "ann" in text
    assert play_randomly(tavolo.Game("draw", 3, seed=9), rng).record()[0] == "draw-json"


def test_copies_play_on_independently():
    g = tavolo.Game("holdem", 2, seed=10)
    h = g.copy()
    g.apply(g.legal_actions(0)[0])
    assert g.event_count > h.event_count and h.to_act() == [0]


def test_indices_step_the_same_game_as_actions():
    g = tavolo.Game("draw", 3, seed=12)
    while not g.is_over():
        seat = g.to_act()[0]
        mask = g.action_mask(seat)
        assert len(mask) == g.action_count == len(g.action_names())
        legal = [i for i, m in enumerate(mask) if m]
        if not legal:  # a showdown decision: the encoding plays it
            g.play_automatic()
            continue
        action = g.action_for(seat, legal[-1])
        h = g.copy()
        h.apply(action)
        h.play_automatic()
        g.step(seat, legal[-1])
        assert g.view(None) == h.view(None)
    with pytest.raises(tavolo.IllegalActionError):
        tavolo.Game("draw", 3, seed=12).step(0, 0)
