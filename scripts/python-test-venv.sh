#!/bin/sh
# Makes the virtual environment the Python package's tests run in (crates/python/tests/it/python.rs
# calls it), at $1, with crates/python/tests/requirements.txt from PyPI — unless one is there
# already that imports them. .ci/run calls it too, beside the build, so that the download does not
# wait for the compiler.
set -eu
venv=$1
root=$(cd "$(dirname "$0")/.." && pwd)
if "$venv/bin/python" -c "import pytest, numpy, pettingzoo, gymnasium, pokerkit" 2>/dev/null; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -r "$root/crates/python/tests/requirements.txt"
