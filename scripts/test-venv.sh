#!/bin/sh
# Makes a virtual environment an outside-program test runs in: at $1, with the requirements file
# $2 (relative to the repository) from PyPI — unless one is there already in which
# `import $3` works. The engine's tests call it (crates/engine/tests/it/outside.rs,
# `venv_python`); .ci/run calls it too, beside the build, so that the downloads do not wait for
# the compiler.
#   scripts/test-venv.sh target/tmp/pokerkit-venv scripts/pokerkit/requirements.txt pokerkit
set -eu
venv=$1
requirements=$2
probe=$3
root=$(cd "$(dirname "$0")/.." && pwd)
if "$venv/bin/python" -c "import $probe" 2>/dev/null; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$root/$requirements"
