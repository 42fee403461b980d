#!/usr/bin/env bash
# Whole-process benchmark of the TORCH_LOGS text reader, side by side with a Python reader of the same messages.
#
#   bench/torch-logs-text.sh [SIZE_MB...]          # default: 10 100 1000
#
# For each shape (2.6: the three fixtures/torch-logs captures of PyTorch 2.6; 2.14: the same on 2.14.1) and each
# size, builds a text from the real captures (bench/make-big-text.py: all three once, then print-bridge again and
# again without its recompile messages), checks that bench/torch_logs.py reads the same messages as the receipt
# (break sites and how many compiles reported each, recompiles, guard failures, fallbacks), then times ROUNDS
# (default 3) paired rounds, each running in turn:
#   ./receipt audit TEXT --json                     (the command, as a user runs it)
#   JAVA_OPTS=-Xmx64m ./receipt audit TEXT --json   (in a 64 MiB heap)
#   RECEIPT_JAVA_HOME=$JAVA25_HOME ./receipt audit TEXT --json   (the launcher on Java 25, its AOT cache; default
#                                                   /usr/lib/jvm/temurin-25-jdk-amd64), and in 64 MiB (#48; C2,
#                                                   measured here before, is in docs/performance.md)
#   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC $BEFORE_OPTS -jar $BEFORE_JAR audit TEXT --json   (only when BEFORE_JAR
#                                                   is set, for texts of at most BEFORE_MAX_MB, default 100: it took 74 s on
#                                                   1 GB; BEFORE_OPTS=-Xmx64m times it in the heap of the 64 MiB columns)
#   python3 bench/torch_logs.py TEXT                (a plain regular-expression reader of the same messages)
#   wc -l TEXT
# and prints the median wall time of each, the ratios and the median peak RSS (GNU time). The texts go to
# $BENCH_DIR (default /tmp/compile-receipt-text) and are deleted at the end unless KEEP=1 (a kept text is
# reused). Hold the team's build lock while it runs: flock /tmp/maven.lock bench/torch-logs-text.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
before="${BEFORE_JAR:-}"
before_max="${BEFORE_MAX_MB:-100}"
rounds="${ROUNDS:-3}"
dir="${BENCH_DIR:-/tmp/compile-receipt-text}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1000)
[ -z "$before" ] || [ -f "$before" ] || { echo "BEFORE_JAR: no $before" >&2; exit 1; }
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }
mkdir -p "$dir"
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/*.txt; rm -f "$dir"/*.out "$dir"/*.times' EXIT
captures="$here/fixtures/torch-logs"
java25="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
[ -x "$java25/bin/java" ] || { echo "no $java25/bin/java: set JAVA25_HOME" >&2; exit 1; }
RECEIPT_JAVA_HOME="$java25" "$here/receipt" --version >/dev/null    # Java 25's AOT cache, made before anything is timed


# What both readers say of the text: the receipt's compile log reduced to what bench/torch_logs.py prints.
messages() { python3 -c '
import json, sys
log = json.load(sys.stdin)["runs"]["baseline"]["compile_log"]
fallbacks = log["fallbacks"]["known"] if isinstance(log["fallbacks"], dict) else log["fallbacks"]
print(json.dumps({"break_sites": {s["site"]: s["compiles"] for s in log["break_sites"]}, "recompiles": log["recompiles"],
                  "recompile_reasons": len(log["recompile_reasons"]), "fallbacks": fallbacks}, sort_keys=True))'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); python: $(python3 --version 2>&1); rounds: $rounds (median of each)"
printf '%-5s %6s | %8s %8s %8s %8s %8s %8s %8s | %9s %9s %9s %8s | %7s %7s %7s %7s %9s %9s\n' shape MB java_s java64_s j25_s j25_64_s \
  before_s python_s wc_s python/java64 python/j25_64 before/java java/wc java_MB java64_MB j25_MB j25_64_MB before_MB python_MB
for shape in 2.6 2.14; do
  for size in "${sizes[@]}"; do
    text="$dir/torch_logs_${shape}_${size}mb.txt"
    [ -f "$text" ] || python3 "$here/bench/make-big-text.py" "$text" "$size" \
      "$captures/$shape-print-bridge/torch_logs.txt" "$captures/$shape-int-spec/torch_logs.txt" "$captures/$shape-fallback/torch_logs.txt" >/dev/null
    mb=$(( $(stat -c %s "$text") / 1000000 ))
    "$here/receipt" audit "$text" --json | messages >"$dir/java.out"
    python3 "$here/bench/torch_logs.py" "$text" >"$dir/python.out"
    cmp -s "$dir/java.out" "$dir/python.out" || { echo "the Python reader and the receipt disagree on $text" >&2; exit 1; }
    rm -f "$dir"/{java,java64,c2,c264,before,python,wc}.times
    run_before=""; [ -n "$before" ] && [ "$size" -le "$before_max" ] && run_before=1
    for _ in $(seq "$rounds"); do
      timed "$dir/java.times" "$here/receipt" audit "$text" --json
      timed "$dir/java64.times" JAVA_OPTS=-Xmx64m "$here/receipt" audit "$text" --json
      timed "$dir/c2.times" RECEIPT_JAVA_HOME="$java25" "$here/receipt" audit "$text" --json
      timed "$dir/c264.times" RECEIPT_JAVA_HOME="$java25" JAVA_OPTS=-Xmx64m "$here/receipt" audit "$text" --json
      [ -z "$run_before" ] || timed "$dir/before.times" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC ${BEFORE_OPTS:-} -jar "$before" audit "$text" --json
      timed "$dir/python.times" python3 "$here/bench/torch_logs.py" "$text"
      timed "$dir/wc.times" wc -l "$text"
    done
    j=$(median "$dir/java.times" 1); j64=$(median "$dir/java64.times" 1); p=$(median "$dir/python.times" 1); w=$(median "$dir/wc.times" 1)
    c2=$(median "$dir/c2.times" 1); c264=$(median "$dir/c264.times" 1)
    b=nan; bm=nan; bj=nan
    [ -z "$run_before" ] || { b=$(median "$dir/before.times" 1); bm=$(( $(median "$dir/before.times" 2) / 1024 )); bj=$(echo "$b / $j" | bc -l); }
    printf '%-5s %6s | %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f | %9.1f %9.1f %9.1f %8.1f | %7d %7d %7d %7d %9s %9d\n' "$shape" "$mb" \
      "$j" "$j64" "$c2" "$c264" "$b" "$p" "$w" "$(echo "$p / $j64" | bc -l)" "$(echo "$p / $c264" | bc -l)" "$bj" "$(echo "$j / $w" | bc -l)" \
      $(( $(median "$dir/java.times" 2) / 1024 )) $(( $(median "$dir/java64.times" 2) / 1024 )) $(( $(median "$dir/c2.times" 2) / 1024 )) \
      $(( $(median "$dir/c264.times" 2) / 1024 )) "$bm" $(( $(median "$dir/python.times" 2) / 1024 ))
  done
done
echo "*_s: median wall seconds (java: ./receipt on the java on PATH; j25: on Java 25; *64: JAVA_OPTS=-Xmx64m; before: BEFORE_JAR with the launcher's flags, nan when not set); *_MB: median peak RSS (MiB)"
