"""Shared fixtures of the Python tests (run by `cargo test` through ../it/python.rs, or by
`pytest crates/python/tests/python` with the package installed)."""

import importlib
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]
# PokerKit's random hand maker, shared with the engine's PHH differential.
sys.path.insert(0, str(ROOT / "scripts" / "pokerkit"))


@pytest.fixture
def root():
    return ROOT


def need(module):
    """`module`, or a skip when it is not installed — except when cargo test runs the suite
    (`TAVOLO_PYTEST_STRICT`): it installed every module, so a missing one is a failure."""
    if os.environ.get("TAVOLO_PYTEST_STRICT"):
        return importlib.import_module(module)
    return pytest.importorskip(module)
