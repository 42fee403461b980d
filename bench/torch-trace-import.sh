#!/usr/bin/env bash
# Benchmark of the TORCH_TRACE import: generates a log of SIZE_MB megabytes (default 200) by repeating
# the records of the real logs in fixtures/ with fresh frame ids, then, in one JVM under -Xmx64m
# (HEAP to change), times a plain BufferedReader line scan and the import of that file, ROUNDS times
# (default 3), and prints MB/s of each, their ratio and the peak heap. The generated log is deleted
# afterwards unless KEEP=1.
#   bench/torch-trace-import.sh 1024      # a 1 GB log
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
size_mb="${1:-200}"
rounds="${ROUNDS:-3}"
heap="${HEAP:-64m}"
out="${OUT:-$here/bench/target/torch_trace_${size_mb}mb.log}"
mkdir -p "$(dirname "$out")"
(cd "$here" && mvn -q -B -o -pl extension -am test-compile >/dev/null 2>&1 || mvn -q -B -pl extension -am test-compile)
(cd "$here" && mvn -q -B -o -pl extension dependency:build-classpath -Dmdep.outputFile=target/bench.classpath >/dev/null)
cp="$here/extension/target/test-classes:$here/extension/target/classes:$(cat "$here/extension/target/bench.classpath")"
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$out"' EXIT
java -cp "$cp" dev.compilereceipt.TorchTraceBench generate "$out" "$size_mb" \
  "$here/fixtures/print-bridge/torch_trace.log" "$here/fixtures/int-spec/torch_trace.log" \
  "$here/fixtures/tlparse/recompile_storm_rank_1.log" "$here/fixtures/tlparse/cache_hit_miss.log"
echo "java -Xmx$heap, $(java -version 2>&1 | head -1)"
java "-Xmx$heap" -cp "$cp" dev.compilereceipt.TorchTraceBench measure "$out" "$rounds"
