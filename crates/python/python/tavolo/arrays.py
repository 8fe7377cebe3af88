"""numpy views of Tavolo's byte buffers: observations (float32), action masks (int8) and the
outputs of ``Batch.step``, shaped per game."""

from __future__ import annotations

from typing import Optional, Tuple

import numpy as np

from ._tavolo import Batch, Game


def observation(game: Game, seat: Optional[int]) -> np.ndarray:
    """``seat``'s observation (``None``: a spectator's) as a float32 vector."""
    return np.frombuffer(game.observe(seat), dtype="<f4")


def action_mask(game: Game, seat: int) -> np.ndarray:
    """``seat``'s legal action indices as an int8 vector (1 legal, 0 not)."""
    return np.frombuffer(game.action_mask(seat), dtype=np.int8)


class ArrayBatch:
    """A ``Batch`` whose outputs are numpy arrays: ``obs`` (games × observation_size),
    ``mask`` (games × action_count), ``seat`` (games), ``rewards`` (games × players) and
    ``done`` (games). Actions are any integer array of one index per game (-1: random)."""

    def __init__(self, game: str, games: int, players: Optional[int] = None, **kwargs):
        self.batch = Batch(game, games, players, **kwargs)
        self.games = self.batch.games
        self.players = self.batch.players
        self.action_count = self.batch.action_count
        self.observation_size = self.batch.observation_size

    def _shape(self, obs, mask, seat):
        n = self.games
        o = None if obs is None else np.frombuffer(obs, "<f4").reshape(n, self.observation_size)
        m = None if mask is None else np.frombuffer(mask, np.int8).reshape(n, self.action_count)
        return o, m, np.frombuffer(seat, np.uint8)

    def reset(self, observe: bool = True, masks: bool = True):
        return self._shape(*self.batch.reset(observe, masks))

    def step(self, actions, observe: bool = True, masks: bool = True) -> Tuple:
        a = np.ascontiguousarray(actions, dtype="<i4")
        obs, mask, seat, rewards, done = self.batch.step(a.tobytes(), observe, masks)
        o, m, s = self._shape(obs, mask, seat)
        r = np.frombuffer(rewards, "<f4").reshape(self.games, self.players)
        return o, m, s, r, np.frombuffer(done, np.uint8).astype(bool)

    def random_actions(self, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """One uniformly random legal index per game, chosen from ``mask`` with numpy."""
        scores = rng.random(mask.shape, dtype=np.float32) * mask
        return scores.argmax(axis=1).astype("<i4")
