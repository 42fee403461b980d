#!/usr/bin/env bash
# Renders the HTML receipt of both real fixtures and of fixtures/decision (its Decision section) in headless Chromium (installed from Debian's
# packages when missing), checks the DOM the browser built and its layout at 1024, 1280, 1920 and
# 500 px (no text over text, every text inside its cell), and leaves the screenshots in
# cli/target/report-screenshots/*.png (the whole page, however tall). With --docs it also copies
# them to docs/report-<fixture>.png, the screenshots the README links to.
set -euo pipefail
docs=false
case "${1:-}" in
  --docs) docs=true ;;
  "") ;;
  *) echo "usage: .ci/browser-test.sh [--docs]" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v chromium >/dev/null 2>&1; then
  echo "browser-test: installing chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q chromium >/dev/null
fi
chromium --version
cd "$here"
# -am builds the engine from this tree (never a stale copy in ~/.m2); only the browser test runs.
mvn -B -pl cli -am test -Pbrowser -Dtest=ReportInBrowserTest -Dsurefire.failIfNoSpecifiedTests=false
ls -l cli/target/report-screenshots/*.png
if "$docs"; then
  for fixture in print-bridge int-spec decision; do
    cp cli/target/report-screenshots/"$fixture".png docs/report-"$fixture".png
  done
  ls -l docs/report-*.png
fi
