"""`Batch` and its numpy face: many games per call, indices checked against masks, rewards
that conserve chips, deterministic for a seed."""

import numpy as np
import pytest

import tavolo
from tavolo.arrays import ArrayBatch, action_mask, observation


@pytest.mark.parametrize("game,players", [("holdem", 6), ("draw", 4), ("saint", 4)])
def test_random_legal_indices_play_whole_games(game, players):
    b = ArrayBatch(game, 64, players, seed=3)
    obs, mask, seat = b.reset()
    assert obs.shape == (64, b.observation_size) and mask.shape == (64, b.action_count)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400 if game == "saint" else 60):
        assert mask.any(axis=1).all(), "every game has a legal index for its seat to act"
        actions = b.random_actions(mask, rng)
        assert mask[np.arange(64), actions].all()
        obs, mask, seat, rewards, done = b.step(actions)
        finished += int(done.sum())
        if game != "saint":
            assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-4), "chips are conserved"
        assert (rewards[~done] == 0).all()
        assert (seat < players).all() and np.isfinite(obs).all()
    assert finished > 0 and b.batch.finished == finished


def test_an_illegal_index_is_refused_with_the_game_and_seat():
    b = tavolo.Batch("holdem", 4, 2, seed=1)
    _, mask, _ = b.reset()
    illegal = [i for i, m in enumerate(mask[: b.action_count]) if not m]
    with pytest.raises(tavolo.IllegalActionError, match="game 0"):
        b.step([illegal[0], -1, -1, -1])
    with pytest.raises(ValueError):
        b.step([-1, -1])
    with pytest.raises(ValueError):
        b.step(b"\x00" * 3)


def test_a_batch_is_reproducible_for_its_seed():
    def run(seed):
        b = tavolo.Batch("holdem", 8, 3, seed=seed)
        b.run_random(50)
        return b.reset()[0]
    assert run(5) == run(5) and run(5) != run(6)


def test_the_batch_observation_is_the_games_own():
    b = tavolo.Batch("draw", 3, 3, seed=4)
    obs, mask, seat = b.reset()
    g = b.game(1)
    s = seat[1]
    per = b.observation_size * 4
    assert obs[per:2 * per] == g.observe(s)
    assert np.array_equal(action_mask(g, s), np.frombuffer(mask, np.int8)[b.action_count:2 * b.action_count])
    assert observation(g, s).shape == (b.observation_size,)


def test_random_stepping_runs_without_outputs():
    b = tavolo.Batch("saint", 16, 2, seed=2)
    assert b.run_random(200) > 0
    obs, mask, seat, rewards, done = b.step([-1] * 16, observe=False, masks=False)
    assert obs is None and mask is None and len(done) == 16
