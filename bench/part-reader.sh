#!/usr/bin/env bash
# The TORCH_TRACE part reader against the line-by-line read on the shapes that once made it slower: long runs of
# lines that are no record, which every part read on through to the first record after its start.
#
#   bench/part-reader.sh [SHAPE...]       # default: blank-64Mi blank-100Mi payload-400MB crlf-32Mi
#
#   blank-64Mi    one record, 64 Mi blank lines, one record (67 MB)
#   blank-100Mi   one record, 100 Mi blank lines, one record (105 MB)
#   payload-400MB one record whose payload is 400 MB of tab-indented lines (its MD5 right), then one record
#   crlf-32Mi     one record, 32 Mi blank lines with CRLF ends (not folded into one as runs of "\n" are), one record
#
# For each shape, ROUNDS (default 3) paired rounds, each running in turn
#   ./receipt audit LOG --json          in parts: a regular file of 16 MiB or more, on 2 cores or more
#   ./receipt audit - --json < LOG      line by line: standard input is a stream, never split
#   java -jar $BEFORE_JAR audit LOG --json   (only when BEFORE_JAR is set: an earlier build, in parts)
# checks that both give the same compile log and bad lines (the fixture's name differs: "(standard input)"), and
# prints the median wall seconds and parts/line. The logs go to $BENCH_DIR (default /tmp/compile-receipt-parts) and
# are deleted at the end unless KEEP=1. On a shared machine hold the build lock (flock /tmp/maven.lock bench/part-reader.sh).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
rounds="${ROUNDS:-3}"
before="${BEFORE_JAR:-}"
dir="${BENCH_DIR:-/tmp/compile-receipt-parts}"
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(blank-64Mi blank-100Mi payload-400MB crlf-32Mi)
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
mkdir -p "$dir"
trap '[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/*.log "$dir"/*.out "$dir"/*.times' EXIT

build() { # shape, file
  python3 - "$1" "$2" <<'PY'
import hashlib, sys
shape, path = sys.argv[1], sys.argv[2]
prefix = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] "
start = prefix + '{"dynamo_start": {"stack": []}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}\n'
metrics = (prefix + '{"compilation_metrics": {"has_guarded_code": true, "cache_size": 0, "entire_frame_compile_time_s": 0.5},'
           ' "frame_id": 0, "frame_compile_id": 0, "attempt": 0}\n')
with open(path, "w") as out:
    out.write(start)
    if shape.startswith("blank-") or shape.startswith("crlf-"):
        kind, count = shape.split("-")
        blank = ("\n" if kind == "blank" else "\r\n") * (1 << 20)
        for _ in range(int(count[:-len("Mi")])):
            out.write(blank)
    else:
        line = "x" * 999
        lines = int(shape[len("payload-"):-len("MB")]) * 1000
        md5 = hashlib.md5()
        for i in range(lines):
            md5.update((("\n" if i else "") + line).encode())
        out.write(prefix + '{"str": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "%s"}\n'
                  % md5.hexdigest())
        block = ("\t" + line + "\n") * 1000
        for _ in range(lines // 1000):
            out.write(block)
    out.write(metrics)
PY
}

timed() { # times file, command...
  local into="$1"; shift
  local start end
  start=$(date +%s%N)
  "$@" >"$dir/cmd.out" 2>"$dir/err.out" || { echo "failed: $*" >&2; cat "$dir/err.out" >&2; exit 1; }
  end=$(date +%s%N)
  echo "($end - $start) / 1000000000" | bc -l >>"$into"
}


figures() { python3 -c '
import json, sys
r = json.load(sys.stdin)
print(json.dumps({"runs": {k: v["compile_log"] for k, v in r["runs"].items()}, "bad_lines": r.get("bad_lines")}, sort_keys=True))'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); rounds: $rounds (median of each)"
printf '%-14s %6s | %8s %8s %9s | %10s\n' shape MB parts_s line_s before_s parts/line
for shape in "${shapes[@]}"; do
  log="$dir/$shape.log"
  build "$shape" "$log"
  mb=$(( $(stat -c %s "$log") / 1000000 ))
  "$here/receipt" audit "$log" --json | figures >"$dir/parts.out"
  "$here/receipt" audit - --json <"$log" | figures >"$dir/line.out"
  cmp -s "$dir/parts.out" "$dir/line.out" || { echo "parts and line by line disagree on $shape" >&2; exit 1; }
  rm -f "$dir"/{parts,line,before}.times
  for _ in $(seq "$rounds"); do
    timed "$dir/parts.times" "$here/receipt" audit "$log" --json
    timed "$dir/line.times" bash -c "'$here/receipt' audit - --json < '$log'"
    [ -z "$before" ] || timed "$dir/before.times" java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$before" audit "$log" --json
  done
  p=$(median "$dir/parts.times"); l=$(median "$dir/line.times"); b=nan
  [ -z "$before" ] || b=$(median "$dir/before.times")
  printf '%-14s %6s | %8.2f %8.2f %9.2f | %10.2f\n' "$shape" "$mb" "$p" "$l" "$b" "$(echo "$p / $l" | bc -l)"
  rm -f "$log"
done
