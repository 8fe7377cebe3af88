"""The Gymnasium wrapper: one seat against Tavolo's bots."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tavolo
from tavolo.gym import VersusEnv


@pytest.mark.parametrize("game,players,bots", [
    ("holdem", 2, ["rules"]),
    ("draw", 3, ["rules", "station"]),
    ("saint", 2, ["greedy"]),
])
def test_gymnasium_env_checker_passes(game, players, bots):
    check_env(VersusEnv(game, players, bots), skip_render_check=True)


def test_a_folding_agent_loses_its_blinds_to_the_bots():
    env = VersusEnv("holdem", 2, ["station"], seat=0)
    total = 0.0
    for episode in range(10):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            # Fold if allowed, else check/call.
            action = 0 if info["action_mask"][0] else 1
            obs, reward, done, _, info = env.step(action)
            total += reward
    assert total < 0


def test_the_agent_plays_bots_to_the_end_with_random_legal_indices():
    env = VersusEnv("saint", 3, ["greedy", "random"], seat=1)
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=1)
    steps, done = 0, False
    while not done:
        obs, reward, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    assert steps > 8 and env.versus.game().is_over()
    with pytest.raises(tavolo.IllegalActionError):
        env.step(0)  # the game is over


def test_an_illegal_index_plays_the_default_unless_strict():
    env = VersusEnv("holdem", 2, ["station"], seat=0)
    obs, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(illegal)
    assert info["illegal"]
    strict = VersusEnv("holdem", 2, ["station"], seat=0, strict=True)
    _, info = strict.reset(seed=3)
    with pytest.raises(tavolo.IllegalActionError):
        strict.step(illegal)
    with pytest.raises(ValueError):
        tavolo.Versus("holdem", 2, ["nobody"])
