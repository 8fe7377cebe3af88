"""PettingZoo (AEC) environments for Tavolo's three games.

``env("holdem", players=6)``, ``env("draw", players=4)`` and ``env("saint", players=4)`` (any
``tavolo.Game`` keyword: ``structure="pot_limit"``, ``options={...}``, ``stacks=[...]``) are
``AECEnv`` s whose agents ``player_0``… are the game's seats. One episode is one game: a Hold'em
or Draw hand (the button moves one seat per episode), a whole Saint Poker game.

Observations are dicts: ``"observation"``, the seat's float32 vector, and ``"action_mask"``,
int8 over the game's discrete actions (all zeros for an agent not to act). Both come from the
seat's own view only. The encodings (every index) are documented in the engine's
``tavolo_engine::encode`` module and ``docs/python.md``.

Saint Poker's place and show are simultaneous: every player still to choose is stepped in turn,
and an agent's observation never holds another's pending choice (only its own).

Rewards arrive when the episode ends: chips won or lost in table minimums (big blinds, antes),
or for Saint Poker ``1/k - 1/n`` to each of ``k`` winners and ``-1/n`` to the others.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._tavolo import Game


class TavoloEnv(AECEnv):
    """One Tavolo game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tavolo_v0", "is_parallelizable": False}

    def __init__(self, game: str = "holdem", players: int = 2, render_mode: Optional[str] = None,
                 seed: Optional[int] = None, **game_kwargs: Any):
        super().__init__()
        self.game_name = game
        self.n = players
        self.game_kwargs = game_kwargs
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"tavolo_{game}_v0")
        self._seed = seed if seed is not None else 0
        self._episode = 0
        probe = Game(game, players, **game_kwargs)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        size, count = probe.observation_size, probe.action_count
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (count,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.game: Optional[Game] = None

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def _deal(self) -> Game:
        kwargs = dict(self.game_kwargs)
        if self.game_name != "saint":
            kwargs["button"] = (kwargs.get("button", 0) + self._episode) % self.n
        seed = self._seed.to_bytes(8, "little") + self._episode.to_bytes(8, "little") + bytes(16)
        self._episode += 1
        return Game(self.game_name, self.n, seed=seed, **kwargs)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict] = None) -> None:
        if seed is not None:
            self._seed, self._episode = seed, 0
        self.game = self._deal()
        self.game.play_automatic()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()
        if self.game.is_over():  # all in from the blinds and antes: nothing to decide
            self._finish()

    def _finish(self) -> None:
        for a, r in zip(self.possible_agents, self.game.rewards()):
            self.rewards[a] = float(r)
            self.terminations[a] = True
        self._accumulate_rewards()

    def _next_agent(self) -> str:
        to_act = self.game.to_act()
        return self.possible_agents[to_act[0]] if to_act else self.agents[0]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        obs = np.frombuffer(self.game.observe(seat), dtype="<f4").copy()
        if self.game.is_over():
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        else:
            mask = np.frombuffer(self.game.action_mask(seat), dtype=np.int8).copy()
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_name_mapping[agent]
        self.game.step(seat, int(action))
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over():
            self._finish()
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.game is None:
            return None
        text = f"{self.game!r}: to act {self.game.to_act()}\n{self.game.view(None)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str = "holdem", players: int = 2, **kwargs: Any) -> TavoloEnv:
    """A PettingZoo AEC environment of ``game`` (``holdem``, ``draw`` or ``saint``)."""
    return TavoloEnv(game, players, **kwargs)
