#!/usr/bin/env bash
# The cost of compile-receipt to a user's test suite: `mvn -q -o test` of a generated project of 50 test classes x
# 4 tests over 20 fixtures (bench/make-suite.py: 7 compile-trace/1 traces, 7 TORCH_TRACE logs, 6 TORCH_LOGS texts),
# with the extension reading the fixtures (@TraceFixture) and with the same checks on receipts read by hand in
# each class's @BeforeAll, ROUNDS (default 5) paired rounds; then the first read of a JVM apart
# (FirstReadProbe: the first Traces.read + Receipt.of of a test JVM, class loading and Jackson included, and a
# second read of another fixture), from target/first-read.txt of ROUNDS runs of that test alone.
#
#   bench/suite-cost.sh
#
# The projects go to $SUITE_DIR (default /tmp/compile-receipt-suite). They take compile-receipt from
# $SUITE_REPO (default /tmp/compile-receipt-suite-m2), a local repository of their own, so that no other
# build's ~/.m2 is touched: make it once with a copy of ~/.m2/repository without dev/compilereceipt, then
#   mvn -q -B -o install -DskipTests -Dmaven.repo.local=$SUITE_REPO -pl bom,extension,assertions -am
# from this tree. Hold the team's build lock while it runs: flock /tmp/maven.lock bench/suite-cost.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
rounds="${ROUNDS:-5}"
dir="${SUITE_DIR:-/tmp/compile-receipt-suite}"
repo="${SUITE_REPO:-/tmp/compile-receipt-suite-m2}"
[ -d "$repo/dev/compilereceipt/compile-receipt-extension" ] || { echo "no compile-receipt in $repo: see the head of $0" >&2; exit 1; }
mvn_test() { (cd "$1" && mvn -q -B -o -Dmaven.repo.local="$repo" test "${@:2}") >"$dir/mvn.out" 2>&1 || { cat "$dir/mvn.out" >&2; exit 1; }; }
mkdir -p "$dir"
for variant in extension by-hand; do
  python3 "$here/bench/make-suite.py" "$dir/$variant" "$variant" >/dev/null
  mvn_test "$dir/$variant"      # compiles, and the checks pass, before anything is timed
  grep -h "Tests run" "$dir/$variant"/target/surefire-reports/*.txt | awk -F'[ ,]+' '{n += $3} END {print "'$variant': " n " tests"}'
done
rm -f "$dir"/*.times
echo "load $(cut -d' ' -f1-3 /proc/loadavg); rounds: $rounds"
for r in $(seq "$rounds"); do
  for variant in extension by-hand; do
    start=$(date +%s%N)
    mvn_test "$dir/$variant"
    end=$(date +%s%N)
    echo "($end - $start) / 1000000000" | bc -l >>"$dir/$variant.times"
  done
  e=$(tail -1 "$dir/extension.times"); h=$(tail -1 "$dir/by-hand.times")
  echo "round $r: extension $e s, by hand $h s, ratio $(echo "$e / $h" | bc -l | cut -c1-5)" | tee -a "$dir/rounds.out"
  echo "$e / $h" | bc -l >>"$dir/ratio.times"
done
printf 'mvn -q -o test, 200 tests: extension %.2f s, by hand %.2f s (medians); ratio per round, median %.3f\n' \
  "$(median "$dir/extension.times")" "$(median "$dir/by-hand.times")" "$(median "$dir/ratio.times")"
rm -f "$dir/first.times" "$dir/second.times"
for _ in $(seq "$rounds"); do
  mvn_test "$dir/by-hand" -Dtest=FirstReadProbe
  read -r first second <"$dir/by-hand/target/first-read.txt"
  echo "$first" >>"$dir/first.times"; echo "$second" >>"$dir/second.times"
done
printf 'first read of a JVM (print-bridge TORCH_TRACE log): %d us; a second read (print-bridge trace.json): %d us (medians of %d)\n' \
  "$(median "$dir/first.times")" "$(median "$dir/second.times")" "$rounds"
