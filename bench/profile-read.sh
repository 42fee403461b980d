#!/usr/bin/env bash
# A big torch.profiler trace read in a 64 MiB heap, side by side with Python's json.load of the same file.
#
#   bench/profile-read.sh [MB]          # default: 500
#
# Builds the profile with bench/make-big-profile.py (the 2.14 plain fixture's six steps ten times over, padded
# with operator spans; 60 calls), checks that it reads (the receipt's 60 calls), then times ROUNDS (default 3)
# paired rounds, each running in turn
#   java -Xmx64m (the launcher's flags) -jar cli/target/receipt.jar audit PROFILE --log LOG --phases steady=0-59 --json
#   python3 -c 'json.load(...)'         the whole file parsed into Python objects, the plain way to read it
# and prints the median wall seconds and peak RSS (GNU time) of each. The profile goes to $BENCH_DIR (default
# /tmp/compile-receipt-profile) and is deleted at the end unless KEEP=1. Hold the build lock while it runs:
# flock /tmp/maven.lock bench/profile-read.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
rounds="${ROUNDS:-3}"
mb="${1:-500}"
dir="${BENCH_DIR:-/tmp/compile-receipt-profile}"
log="$here/fixtures/profiler/2.14-plain/torch_trace.log"
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }
mkdir -p "$dir"
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/big-profile.json; rm -f "$dir"/*.out "$dir"/*.times' EXIT
profile="$dir/big-profile.json"
[ -f "$profile" ] || (cd "$here" && python3 bench/make-big-profile.py "$mb" fixtures/profiler/2.14-plain/profile.json "$profile")
java_cmd=(java -Xmx64m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$here/cli/target/receipt.jar" audit "$profile"
  --log "$log" --phases steady=0-59 --json)
calls=$("${java_cmd[@]}" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["ledger"]))')
[ "$calls" = 60 ] || { echo "the profile read as $calls calls, not 60" >&2; exit 1; }


echo "machine: $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); profile: $(( $(stat -c %s "$profile") / 1000000 )) MB," \
  "$(grep -c '"ph": "X"' "$profile") spans; rounds: $rounds"
rm -f "$dir"/{java,python}.times
for _ in $(seq "$rounds"); do
  timed "$dir/java.times" "${java_cmd[@]}"
  timed "$dir/python.times" python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$profile"
done
printf '%-28s %8s %9s\n' reader seconds peak_MB
printf '%-28s %8.2f %9d\n' "receipt audit, -Xmx64m" "$(median "$dir/java.times" 1)" $(( $(median "$dir/java.times" 2) / 1024 ))
printf '%-28s %8.2f %9d\n' "python3 json.load" "$(median "$dir/python.times" 1)" $(( $(median "$dir/python.times" 2) / 1024 ))
