#!/usr/bin/env bash
# What the launcher's class archive (CDS, cli/target/receipt.jsa) saves a run, side by side: ROUNDS (default 10) paired
# rounds, each running in turn
#   ./receipt audit FILE --json                                     (the launcher: its JVM flags and the archive)
#   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar cli/target/receipt.jar audit FILE --json   (the same flags, no archive)
# on each FILE given (default: a small TORCH_LOGS text, a TORCH_TRACE log and a compile-trace/1 trace of the fixtures),
# and prints the median wall seconds of each. Hold the build lock: flock /tmp/maven.lock bench/launcher-start.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
rounds="${ROUNDS:-10}"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here/fixtures/torch-logs/2.6-print-bridge/torch_logs.txt"
  "$here/fixtures/print-bridge/torch_trace.log" "$here/fixtures/print-bridge/trace.json")
"$here/receipt" --version >/dev/null    # builds the CLI and its archive when stale, before anything is timed
seconds() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N); echo "($end - $start) / 1000000000" | bc -l; }
printf '%-48s %10s %10s %8s\n' file launcher no_archive ratio
for file in "${files[@]}"; do
  a=(); b=()
  for _ in $(seq "$rounds"); do
    a+=("$(seconds "$here/receipt" audit "$file" --json)")
    b+=("$(seconds java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$here/cli/target/receipt.jar" audit "$file" --json)")
  done
  ma=$(median <(printf '%s\n' "${a[@]}")); mb=$(median <(printf '%s\n' "${b[@]}"))
  printf '%-48s %10.3f %10.3f %8.2f\n' "${file#"$here"/}" "$ma" "$mb" "$(echo "$mb / $ma" | bc -l)"
done
