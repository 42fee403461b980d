#!/usr/bin/env bash
# Whole-process benchmark of the TORCH_TRACE import, side by side with what a user would run instead.
#
#   bench/torch-trace-import.sh [SIZE_MB...]        # default: 10 100 1024
#
# For each shape (2.6: the shared print-bridge and int-spec logs of PyTorch 2.6; 2.14: the same captures on
# 2.14.1, whose compilation_metrics records are ~30 KB) and each size, builds a log by repeating the real
# logs with fresh frame ids (bench/make-big-log.py), checks that bench/compile_log.py computes the same
# compile log as the import, then times ROUNDS (default 3) paired rounds, each running in turn:
#   ./receipt audit LOG --json                      (the command, as a user runs it)
#   JAVA_OPTS=-Xmx64m ./receipt audit LOG --json    (the import in a 64 MiB heap)
#   java -jar cli/target/receipt.jar audit LOG --json   (the same jar with the JVM's default flags, not the
#                                                    launcher's: what the launcher's flags are worth)
#   java $BEFORE_FLAGS -jar $BEFORE_JAR audit LOG --json   (only when BEFORE_JAR is set: an earlier build, paired;
#                                                    BEFORE_FLAGS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC" for the
#                                                    launcher's flags)
#   python3 bench/compile_log.py LOG                (a plain json-lines reader of the same compile log)
#   wc -l LOG
#   md5sum LOG                                      (one MD5 over every byte, on one core: what the hashing
#                                                    the contract asks for costs, 80 % of the bytes being payload)
#   md5sum of each half of LOG, the two at once     (the same hashing on both cores: the floor of a reader that
#                                                    checks every payload's MD5 on this machine)
#   JAVA_OPTS=-XX:TieredStopAtLevel=4 ./receipt audit LOG --json   (the launcher with C2 back: its JIT flag's worth)
#   java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC JdkMd5 LOG   (md5x2 done by the JDK's MD5 on the launcher's JIT and
#                                                    collector, C1: the floor of any reader on the launcher's JVM that
#                                                    checks every payload's MD5)
#   java -XX:+UseSerialGC JdkMd5 LOG                (the same on the JVM's default tiered JIT, C2's MD5 intrinsic)
# and prints the median wall time of each, the ratios, and the median peak RSS of each JVM run and Python. The logs go to $BENCH_DIR
# (default /tmp/compile-receipt-bench) and are deleted at the end unless KEEP=1. Builds the CLI first if
# it is stale (./receipt does); needs GNU time. Run it on a quiet machine: on a shared one, hold the team's
# build lock (flock /tmp/maven.lock bench/torch-trace-import.sh), so no build competes for the cores.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
real="${REAL_TRACES:-$here/../shared/real-traces}"
before="${BEFORE_JAR:-}"
rounds="${ROUNDS:-3}"
dir="${BENCH_DIR:-/tmp/compile-receipt-bench}"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1024)
[ -z "$before" ] || [ -f "$before" ] || { echo "BEFORE_JAR: no $before" >&2; exit 1; }
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }
mkdir -p "$dir"
classes=$(mktemp -d)
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/*.log "$dir"/*.out "$dir"/*.times; rm -rf "$classes"' EXIT
javac -d "$classes" "$here/bench/JdkMd5.java"

declare -A logs=(
  [2.6]="$real/print-bridge/torch_trace.log $real/int-spec/torch_trace.log"
  [2.14]="$real/torch-2.14/print-bridge/torch_trace.log $real/torch-2.14/int-spec/torch_trace.log"
)


echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB RAM"
echo "java: $(java -version 2>&1 | head -1); python: $(python3 --version 2>&1); rounds: $rounds (median of each)"
printf '%-5s %6s | %8s %8s %10s %8s %8s %8s %8s %8s %8s %9s %9s | %9s %9s %9s %9s %11s %11s | %8s %8s %11s %9s %9s\n' shape MB java_s java64_s defaults_s \
  before_s python_s wc_s md5sum_s md5x2_s c2_s jmd5c1_s jmd5c2_s python/java java/wc java/md5sum java/md5x2 jmd5c1/md5x2 jmd5c2/md5x2 \
  java_MB java64_MB defaults_MB before_MB python_MB
for shape in 2.6 2.14; do
  for size in "${sizes[@]}"; do
    log="$dir/torch_trace_${shape}_${size}mb.log"
    # shellcheck disable=SC2086
    [ -f "$log" ] || python3 "$here/bench/make-big-log.py" "$log" "$size" ${logs[$shape]} >/dev/null    # a kept log (KEEP=1) is reused
    mb=$(( $(stat -L -c %s "$log") / 1000000 ))
    # The same compile log on both sides, or the comparison means nothing. The break sites' kind, cause_kind and
    # user_frame (docs/trace-format.md section 8) are this project's classification of a break, not part of
    # the import, and the Python reader does not compute them: they are left out of the comparison.
    "$here/receipt" audit "$log" --json | python3 -c '
import json, sys
runs = {k: v["compile_log"] for k, v in json.load(sys.stdin)["runs"].items()}
for log in runs.values():
    # The compile stages and their times (docs/trace-format.md) are read from compilation_metrics beside the
    # figures the Python reader computes; it does not compute them, so they are left out too.
    for key in ("compile_times", "graphless_variants", "graphs_compiled", "stages", "unattributed_ms"):
        log.pop(key, None)
    # A cache with no record in the log is not measured (null, #41); the Python reader counts it as no lookups.
    cache = log.get("artifact_cache") or {}
    for key in ("fx_graph", "aotautograd"):
        if key in cache and cache[key] is None:
            cache[key] = {"bypass": 0, "hit": 0, "miss": 0}
    for site in log.get("break_sites") or []:
        for key in ("kind", "cause_kind", "user_frame"):
            site.pop(key, None)
print(json.dumps(runs, sort_keys=True))' >"$dir/java.out"
    python3 "$here/bench/compile_log.py" "$log" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))' >"$dir/python.out"
    cmp -s "$dir/java.out" "$dir/python.out" || { echo "the Python reader and the import disagree on $log" >&2; exit 1; }
    rm -f "$dir"/{java,java64,defaults,before,python,wc,md5sum,md5x2,c2,jmd5c1,jmd5c2}.times
    for _ in $(seq "$rounds"); do
      timed "$dir/java.times" "$here/receipt" audit "$log" --json
      timed "$dir/java64.times" JAVA_OPTS=-Xmx64m "$here/receipt" audit "$log" --json
      timed "$dir/defaults.times" java -jar "$here/cli/target/receipt.jar" audit "$log" --json
      [ -z "$before" ] || timed "$dir/before.times" java ${BEFORE_FLAGS:-} -jar "$before" audit "$log" --json
      timed "$dir/python.times" python3 "$here/bench/compile_log.py" "$log"
      timed "$dir/wc.times" wc -l "$log"
      timed "$dir/md5sum.times" md5sum "$log"
      half=$(( $(stat -L -c %s "$log") / 2 / 1048576 ))
      timed "$dir/md5x2.times" bash -c "dd if='$log' bs=1M count=$half status=none | md5sum & dd if='$log' bs=1M skip=$half status=none | md5sum & wait"
      timed "$dir/c2.times" JAVA_OPTS=-XX:TieredStopAtLevel=4 "$here/receipt" audit "$log" --json
      timed "$dir/jmd5c1.times" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$classes" JdkMd5 "$log"
      timed "$dir/jmd5c2.times" java -XX:+UseSerialGC -cp "$classes" JdkMd5 "$log"
    done
    j=$(median "$dir/java.times" 1); j64=$(median "$dir/java64.times" 1); d=$(median "$dir/defaults.times" 1)
    b=nan; bm=nan; [ -z "$before" ] || { b=$(median "$dir/before.times" 1); bm=$(( $(median "$dir/before.times" 2) / 1024 )); }
    p=$(median "$dir/python.times" 1); w=$(median "$dir/wc.times" 1); m=$(median "$dir/md5sum.times" 1)
    m2=$(median "$dir/md5x2.times" 1); c2=$(median "$dir/c2.times" 1)
    k1=$(median "$dir/jmd5c1.times" 1); k2=$(median "$dir/jmd5c2.times" 1)
    printf '%-5s %6s | %8.3f %8.3f %10.3f %8.3f %8.3f %8.3f %8.3f %8.3f %8.3f %9.3f %9.3f | %9.1f %9.1f %9.1f %9.1f %11.2f %11.2f | %8d %8d %11d %9s %9d\n' \
      "$shape" "$mb" "$j" "$j64" "$d" "$b" "$p" "$w" "$m" "$m2" "$c2" "$k1" "$k2" "$(echo "$p / $j" | bc -l)" "$(echo "$j / $w" | bc -l)" \
      "$(echo "$j / $m" | bc -l)" "$(echo "$j / $m2" | bc -l)" "$(echo "$k1 / $m2" | bc -l)" "$(echo "$k2 / $m2" | bc -l)" \
      $(( $(median "$dir/java.times" 2) / 1024 )) $(( $(median "$dir/java64.times" 2) / 1024 )) \
      $(( $(median "$dir/defaults.times" 2) / 1024 )) "$bm" $(( $(median "$dir/python.times" 2) / 1024 ))
    rm -f "$log"
  done
done
echo "*_s: median wall seconds (java: ./receipt; defaults: the same jar, the JVM's default flags; before: BEFORE_JAR with BEFORE_FLAGS, nan when not set;"
echo "  jmd5c1/jmd5c2: md5x2 by the JDK's MD5 on C1 alone (the launcher's JIT) and on the default tiered JIT); *_MB: median peak RSS (MiB)"
