"""PHH both ways: Tavolo reads what PokerKit writes and PokerKit reads what Tavolo writes."""

import io
import pathlib
import random

import pytest

import tavolo

from conftest import need  # noqa: E402

pokerkit = need("pokerkit")

SHARED = pathlib.Path(__file__).resolve().parents[5] / "shared" / "phh"


def random_holdem(seed, players, structure, options=None):
    g = tavolo.Game("holdem", players, structure=structure, options=options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        seat = g.to_act()[0]
        g.apply(rng.choice(g.legal_actions(seat)))
    return g


# Casino Limit lifts the raise cap when two players are left (RULES.md §2); PokerKit's
# fixed-limit game always caps, so the Limit hands for PokerKit are played with the cap kept.
@pytest.mark.parametrize("structure,options", [
    ("no_limit", None),
    ("fixed_limit", {"rules": {"limit_cap": {"lifted_heads_up": False}}}),
])
def test_pokerkit_replays_tavolos_hand_histories_to_the_same_stacks(structure, options):
    for seed in range(40):
        g = random_holdem(seed, 2 + seed % 5, structure, options)
        fmt, text = g.record()
        assert fmt == "phh"
        hh = pokerkit.HandHistory.loads(text)
        *_, state = iter(hh)
        # PHH counts players from the small blind (the button last), Tavolo seats from 0.
        assert list(state.stacks) == list(hh.finishing_stacks), text
        assert sorted(state.stacks) == sorted(g.outcome()["end"]), text


def test_tavolo_reads_pokerkits_hands_and_replays_them():
    import random_hands as rh

    rng = random.Random(5)
    out = io.StringIO()
    for i in range(150):
        n, variant, antes, blinds, bb, stacks, trimming = rh.setup(rng)
        state = rh.create(variant, antes, blinds, bb, stacks, n, trimming)
        rh.play(rng, state)
        if sum(state.stacks) != sum(stacks):
            continue
        out.write(rh.phh(i, variant, antes, blinds, bb, stacks, trimming, rh.actions(state), list(state.stacks)))
    hands = tavolo.phhs_load(out.getvalue())
    assert len(hands) > 100
    for h in hands:
        game = h.replay()
        assert game.is_over() and game.outcome()["end"] == h.finishing_stacks
        assert tavolo.phh_load(h.to_phh()).actions == h.actions


def test_real_hand_histories_replay_when_the_shared_folder_is_there():
    files = sorted(SHARED.rglob("*.phh"))[:200] if SHARED.is_dir() else []
    if not files:
        pytest.skip("../shared/phh is not here (a fresh clone)")
    replayed = 0
    for f in files:
        try:
            h = tavolo.phh_load(f.read_text())
        except tavolo.FormatError:
            continue  # a variant Tavolo does not play (stud, Omaha, …)
        if h.finishing_stacks is not None and h.is_complete():
            assert h.replay().outcome()["end"] == h.finishing_stacks, f
            replayed += 1
    assert replayed > 0


def test_malformed_histories_raise_format_errors():
    with pytest.raises(tavolo.FormatError):
        tavolo.phh_load("variant = 'NT'\nantes = [0, 0]\n")
    with pytest.raises(tavolo.FormatError):
        tavolo.phh_load("this is [ not toml")
