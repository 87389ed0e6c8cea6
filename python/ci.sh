#!/usr/bin/env bash
# The Python package's checks, run by .ci/run: in a fresh virtual environment, the Python
# quick start of README.md exactly as written (its `pip install ./python` builds the wheel,
# once, in the `wheel` profile), then the pytest suite and the evaluation example on a few
# deals. Fails loudly, saying which step, when the package does not build or install.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if ! python3 -m venv "$work/venv"; then
    echo "python/ci.sh: python3 -m venv failed: the Python package needs Python 3.10 or later with venv" >&2
    exit 1
fi
export PATH="$work/venv/bin:$PATH"

# The two lines of README.md's Python quick start.
install="$(grep -E '^pip install \./python' README.md || true)"
solve="$(grep -E '^python -c "import freecell_rs' README.md || true)"
if [[ -z "$install" || -z "$solve" ]]; then
    echo "python/ci.sh: README.md's Python quick start (pip install ./python, python -c \"import freecell_rs ...\") is missing" >&2
    exit 1
fi
started=$SECONDS
if ! bash -euo pipefail -c "$install"; then
    echo "python/ci.sh: FAILED: \`$install\` (README.md's quick start) did not build or install the package; see above" >&2
    exit 1
fi
echo "python/ci.sh: the wheel built and installed in $((SECONDS - started)) s"
bash -euo pipefail -c "$solve"

pip install --quiet pytest
(cd python && pytest -q -p no:cacheprovider)
python python/examples/evaluate.py --deals 1-50 --plot "$work/evaluate.png"
