"""A Gymnasium single-agent environment: one seat of a Tavolo game against Tavolo's bots.

``VersusEnv("holdem", players=2, bots=["expert"], seat=0)`` (any ``tavolo.Game`` keyword) is a
``gymnasium.Env`` whose episode is one game; the bots (``random``, ``rules``, ``expert``, … —
the names ``tavolo sim`` takes) play the other seats seeing only their own views. Observations
are the agent seat's float32 vector; ``info["action_mask"]`` holds the legal action indices. An
illegal index plays the game's default action instead (check when free, else fold; the least
card), as Tavolo's arena does for a bot, and sets ``info["illegal"]``; with ``strict=True`` it
raises ``tavolo.IllegalActionError``. The reward comes when the game ends, as in
``tavolo.env``.
"""

from __future__ import annotations

from typing import Any, List, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from ._tavolo import Versus


class VersusEnv(gymnasium.Env):
    """One seat of a Tavolo game against Tavolo bots."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str = "holdem", players: int = 2, bots: Optional[List[str]] = None,
                 seat: int = 0, render_mode: Optional[str] = None, strict: bool = False,
                 **game_kwargs: Any):
        self.game_name, self.players, self.seat, self.strict = game, players, seat, strict
        self.bots = bots or ["expert"]
        self.game_kwargs = game_kwargs
        self.render_mode = render_mode
        self.versus = Versus(game, players, self.bots, seat, seed=0, **game_kwargs)
        obs, mask = self.versus.reset()
        self.observation_space = spaces.Box(0.0, np.inf, (self.versus.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.versus.action_count)

    def _out(self, obs: bytes, mask: bytes):
        return np.frombuffer(obs, "<f4").copy(), np.frombuffer(mask, np.int8).copy()

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self.versus = Versus(self.game_name, self.players, self.bots, self.seat, seed=seed,
                                 **self.game_kwargs)
        obs, mask = self._out(*self.versus.reset())
        return obs, {"action_mask": mask}

    def step(self, action):
        obs, mask, reward, done, illegal = self.versus.step(int(action), self.strict)
        obs, mask = self._out(obs, mask)
        return obs, float(reward), bool(done), False, {"action_mask": mask, "illegal": illegal}

    def action_masks(self) -> np.ndarray:
        """The legal indices now (the sb3-contrib MaskablePPO convention)."""
        game = self.versus.game()
        if game.is_over():
            return np.zeros(self.action_space.n, np.int8)
        return np.frombuffer(game.action_mask(self.seat), np.int8).copy()

    def render(self):
        return repr(self.versus.game().view(self.seat))
