#!/bin/sh
# Makes the virtual environment the Python package's tests run in (crates/python/tests/it/python.rs
# calls it), at $1, with crates/python/tests/requirements.txt from PyPI — unless one is there
# already that imports them. .ci/run calls it too, beside the build, so that the download does not
# wait for the compiler. (scripts/test-venv.sh does the work, as for the other outside programs.)
set -eu
exec "$(dirname "$0")/test-venv.sh" "$1" crates/python/tests/requirements.txt \
    "pytest, numpy, pettingzoo, gymnasium, pokerkit"
