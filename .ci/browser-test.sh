#!/usr/bin/env bash
# Renders the HTML receipt of both real fixtures in headless Chromium (installed from Debian's
# packages when missing), checks the DOM the browser built, and leaves the screenshots in
# cli/target/report-screenshots/*.png.
set -euo pipefail
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
