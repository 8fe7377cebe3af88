"""The PettingZoo environments pass PettingZoo's own API test and play whole episodes."""

import numpy as np
import pytest
from pettingzoo.test import api_test

from tavolo.env import env


@pytest.mark.parametrize(
    "game,players,kwargs",
    [
        ("holdem", 2, {}),
        ("holdem", 6, {"structure": "pot_limit"}),
        ("holdem", 3, {"structure": "fixed_limit"}),
        ("draw", 4, {}),
        ("saint", 2, {}),
        ("saint", 4, {}),
    ],
)
def test_pettingzoo_api(game, players, kwargs):
    api_test(env(game, players, **kwargs), num_cycles=300)


def test_an_episode_ends_with_rewards_that_sum_to_zero():
    e = env("holdem", 4, seed=1)
    rng = np.random.default_rng(1)
    for episode in range(20):
        e.reset(seed=episode)
        total = {a: 0.0 for a in e.possible_agents}
        for agent in e.agent_iter(max_iter=10_000):
            obs, reward, term, trunc, info = e.last()
            total[agent] += reward
            if term or trunc:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert abs(sum(total.values())) < 1e-4


def test_in_saint_poker_no_agent_observes_anothers_pending_choice():
    e = env("saint", 3, seed=2)
    e.reset(seed=2)
    first = e.agent_selection
    others = [a for a in e.possible_agents if a != first]
    before = {a: e.observe(a)["observation"].copy() for a in others}
    mask = e.observe(first)["action_mask"]
    e.step(int(np.flatnonzero(mask)[0]))
    for a in others:
        assert np.array_equal(e.observe(a)["observation"], before[a])
    assert e.agent_selection in others
