"""Shared fixtures of the Python tests (run by `cargo test` through ../python.rs, or by
`pytest crates/python/tests/python` with the package installed)."""

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]
# PokerKit's random hand maker, shared with the engine's PHH differential.
sys.path.insert(0, str(ROOT / "scripts" / "pokerkit"))


@pytest.fixture
def root():
    return ROOT
