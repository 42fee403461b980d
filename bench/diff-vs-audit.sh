#!/usr/bin/env bash
# Whole-process time of `receipt diff A B` against auditing A and B, on two logs of many recompiles.
#
#   bench/diff-vs-audit.sh [FRAMES]        # default: 24000 (issue #30's shape: 24,000 recompiles, one guard different)
#
# Writes A and B with bench/make-recompile-log.py (B: the guard of frame FRAMES/2 changed), then times ROUNDS
# (default 3) paired rounds, each running in turn
#   ./receipt audit A        ./receipt audit B        ./receipt diff A B    (exit 1 expected: one guard differs)
#   java -jar $BEFORE_JAR diff A B   (only when BEFORE_JAR is set: an earlier build, with the launcher's JVM flags)
# and prints the median wall time of each and the ratio diff / (audit A + audit B), which should stay at most
# 1.5: a diff reads both logs as the audits do, and its own walk over the two receipts must not cost more than
# half of that. The logs go to $BENCH_DIR (default /tmp/compile-receipt-bench), deleted at the end unless KEEP=1.
# On a shared machine hold the team's build lock (flock /tmp/maven.lock bench/diff-vs-audit.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
frames="${1:-24000}"
rounds="${ROUNDS:-3}"
before="${BEFORE_JAR:-}"
[ -z "$before" ] || [ -f "$before" ] || { echo "BEFORE_JAR: no $before" >&2; exit 1; }
dir="${BENCH_DIR:-/tmp/compile-receipt-bench}"
mkdir -p "$dir"
a="$dir/recompiles-a.log"
b="$dir/recompiles-b.log"
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$a" "$b" "$dir"/diff-*.times "$dir/diff.out"' EXIT
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
python3 "$here/bench/make-recompile-log.py" "$a" "$frames"
python3 "$here/bench/make-recompile-log.py" "$b" "$frames" $((frames / 2))
rm -f "$dir"/diff-*.times

# Runs a command, appending its wall seconds to file $1; $2 is the exit code it must give.
timed() {
  local into="$1" expect="$2"; shift 2
  local start end code=0
  start=$(date +%s%N)
  "$@" >"$dir/diff.out" 2>&1 || code=$?
  end=$(date +%s%N)
  [ "$code" = "$expect" ] || { echo "exit $code, not $expect: $*" >&2; cat "$dir/diff.out" >&2; exit 1; }
  echo "($end - $start) / 1000000000" | bc -l >>"$into"
}


for _ in $(seq "$rounds"); do
  timed "$dir/diff-audit-a.times" 0 "$here/receipt" audit "$a"
  timed "$dir/diff-audit-b.times" 0 "$here/receipt" audit "$b"
  timed "$dir/diff-diff.times" 1 "$here/receipt" diff "$a" "$b"
  [ -z "$before" ] || timed "$dir/diff-before.times" 1 java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$before" diff "$a" "$b"
done
grep -c 'recompile_reasons\[' "$dir/diff.out" >/dev/null || { echo "the diff did not name the changed guard" >&2; exit 1; }

echo "machine: $(nproc) cores; java: $(java -version 2>&1 | head -1); rounds: $rounds (median of each)"
echo "logs: $(du -m "$a" | cut -f1) MB each, $frames recompiles, one guard different"
audit_a=$(median "$dir/diff-audit-a.times")
audit_b=$(median "$dir/diff-audit-b.times")
diff_s=$(median "$dir/diff-diff.times")
printf '%-10s %-10s %-10s %-10s' audit_a_s audit_b_s diff_s 'diff/(a+b)'
[ -z "$before" ] && echo || printf ' %-10s %-10s\n' before_s 'before/(a+b)'
printf '%-10.2f %-10.2f %-10.2f %-10.2f' "$audit_a" "$audit_b" "$diff_s" "$(echo "$diff_s / ($audit_a + $audit_b)" | bc -l)"
if [ -z "$before" ]; then
  echo
else
  before_s=$(median "$dir/diff-before.times")
  printf ' %-10.2f %-10.2f\n' "$before_s" "$(echo "$before_s / ($audit_a + $audit_b)" | bc -l)"
fi
