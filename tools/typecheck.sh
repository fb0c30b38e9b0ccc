#!/usr/bin/env bash
# mypy --strict and the import-layer contract over the installed namespace
# (see tools/package_tree.py for why a link tree). Paths in mypy's messages
# are mapped back to the repository's folders.
set -euo pipefail
cd "$(dirname "$0")/.."
tree="$(python tools/package_tree.py)"
status=0
(cd "$tree" && mypy --config-file ../../pyproject.toml -p hlsight) \
    | sed -e 's#^hlsight/analyzer/#analyzer/#' -e 's#^hlsight/parsers/#parsers/#' \
          -e 's#^hlsight/templates/#templates/#' -e 's#^hlsight/fixtures/#fixtures/#' \
    || status=$?
(cd "$tree" && PYTHONPATH=. lint-imports --config ../../.importlinter) || status=$?
exit "$status"
