#!/usr/bin/env bash
# Round four's hostile input to the readers, their messages and outputs (issue 42): each command runs under
# -Xmx64m (the launcher passes JAVA_OPTS) and within 30 s, and its one line on stderr is checked whole. Called
# by .ci/hostile-cli.sh; the table is docs/hostile-input.md, "Round four".
set -euo pipefail
cd "$(dirname "$0")/.."

export JAVA_OPTS="-Xmx64m"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checks=0
prefix="V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] "
profile=fixtures/profiler/2.14-plain/profile.json
profile_log=fixtures/profiler/2.14-plain/torch_trace.log
phases=steady=0-3,changed=4,steady=5

fail() { echo "hostile-readers: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); echo "ok: $*"; }

# refused NAME CODE EXPECTED command...: the command ends with exit CODE within 30 s and stderr is EXPECTED, one line.
refused() {
  local name=$1 code=$2 expected=$3; shift 3
  set +e
  timeout 30 "$@" > "$work/out.txt" 2> "$work/err.txt"
  local got=$?
  set -e
  [[ $got -eq $code ]] || fail "$name: exit $got, expected $code ($(head -c 400 "$work/err.txt"))"
  [[ $(wc -l < "$work/err.txt") -eq 1 ]] || fail "$name: $(wc -l < "$work/err.txt") lines on stderr, expected 1"
  [[ $(cat "$work/err.txt") == "$expected" ]] || fail "$name: $(head -c 600 "$work/err.txt")"
  ok "$name"
}

# An endless line: /dev/zero is refused at the longest line a text may hold, in about a second (it read 16 GiB in 34 s).
refused "/dev/zero is refused at the line limit" 2 \
  "receipt: refused: /dev/zero: (document) (line 1): line 1 is longer than 128 MiB, the longest line this reader reads: endless input without a line end (/dev/zero, a binary file)? Give a finished TORCH_LOGS text" \
  ./receipt audit /dev/zero

# 99,001 compiles with a distinct guard each, inside every count limit: refused at the kept characters, where each
# recompile reason counts for its records (it ran out of memory under -Xmx64m).
python3 - "$work/guards.log" "$prefix" <<'PY'
import sys
prefix = sys.argv[2]
with open(sys.argv[1], "w") as out:
    for i in range(99001):
        out.write(prefix + '{"dynamo_start": {}, "frame_id": 0, "frame_compile_id": %d, "attempt": 0}\n' % i)
        if i:
            out.write(prefix + '{"artifact": {"name": "recompile_reasons", "encoding": "json"}, "frame_id": 0,'
                      ' "frame_compile_id": %d, "attempt": 0}\n\t["0/%d: L[\'x\'].size()[0] == %d  # %s"]\n' % (i, i - 1, i, "g" * 120))
        out.write(prefix + '{"compilation_metrics": {"has_guarded_code": true, "cache_size": %d}, "frame_id": 0,'
                  ' "frame_compile_id": %d, "attempt": 0}\n' % (i, i))
PY
refused "99,001 compiles with distinct guards" 2 \
  "receipt: refused: $work/guards.log: (document) (line 58976): the log keeps more than 16777216 characters of text (sites, reasons, guards; a recompile reason counts 512 more and its text 3 times more, for the records made of it), over the limit of 16777216 (max_kept_chars; raise it with Limits.withMaxKeptChars, the CLI's --max-kept-chars or @TraceFixture(maxKeptChars = ...))" \
  ./receipt audit "$work/guards.log"

# 200,000 cache hits for two compiles: at most eight FX graph lookups a compile, the rest are bad records (it reported
# "fx_graph hit 200002").
python3 - "$work/hits.log" "$prefix" <<'PY'
import sys
prefix = sys.argv[2]
with open(sys.argv[1], "w") as out:
    for frame in range(2):
        out.write(prefix + '{"dynamo_start": {}, "frame_id": %d, "frame_compile_id": 0, "attempt": 0}\n' % frame)
        for i in range(100000):
            out.write(prefix + '{"artifact": {"name": "fx_graph_cache_hit", "encoding": "json"}, "frame_id": %d,'
                      ' "frame_compile_id": 0, "attempt": 0}\n' % frame)
        out.write(prefix + '{"compilation_metrics": {"has_guarded_code": true, "cache_size": 0}, "frame_id": %d,'
                  ' "frame_compile_id": 0, "attempt": 0}\n' % frame)
PY
refused "200,000 cache hits for two compiles" 2 \
  "receipt: refused: $work/hits.log: (document) (line 10010): more than 10000 bad lines (the first at line 10): too damaged to import as a TORCH_TRACE log; a real log has a few at most" \
  ./receipt audit "$work/hits.log"

# Implausible profile times: a ts of 1e308, and every ts shifted by 1e18 (a microsecond there is 128 µs apart).
python3 - "$profile" "$work" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    trace = json.load(f)
steps = [e for e in trace["traceEvents"] if str(e.get("name", "")).startswith("ProfilerStep#")]
huge = json.loads(json.dumps(trace))
for e in huge["traceEvents"]:
    if e.get("name") == steps[0]["name"]:
        e["ts"] = 1e308
with open(sys.argv[2] + "/huge-ts.json", "w") as f:
    json.dump(huge, f)
for e in trace["traceEvents"]:
    if "ts" in e:
        e["ts"] = float(e["ts"]) + 1e18
with open(sys.argv[2] + "/shifted-ts.json", "w") as f:
    json.dump(trace, f)
PY
refused "a profile step at ts 1e308" 2 \
  "receipt: refused: $work/huge-ts.json: /traceEvents/7 (line 1, column 1069): the span \"ProfilerStep#1\" has \"ts\" 1.0E308 and \"dur\" 509.678, outside what a trace's clock holds: ts and ts + dur are 0 or more and below 2^51 microseconds, where a microsecond keeps its precision" \
  ./receipt audit "$work/huge-ts.json" --log "$profile_log" --phases "$phases"
refused "a profile shifted by 1e18 microseconds" 2 \
  "receipt: refused: $work/shifted-ts.json: /traceEvents/7 (line 1, column 1104): the span \"ProfilerStep#1\" has \"ts\" 1.0000053170386368E18 and \"dur\" 509.678, outside what a trace's clock holds: ts and ts + dur are 0 or more and below 2^51 microseconds, where a microsecond keeps its precision" \
  ./receipt audit "$work/shifted-ts.json" --log "$profile_log" --phases "$phases"

# The wrong file as a profile's log, and a profile on standard input: what the file is, no option asked for again.
refused "a TORCH_LOGS text as a profile's --log" 2 \
  "receipt: refused: fixtures/torch-logs/2.14-print-bridge/torch_logs.txt: (document): this is a TORCH_LOGS text; --log LOG wants the TORCH_TRACE log of the profiled process (the files TORCH_TRACE=<folder> writes)" \
  ./receipt audit "$profile" --log fixtures/torch-logs/2.14-print-bridge/torch_logs.txt --phases "$phases"
refused "a compile-trace/1 as a profile's --log" 2 \
  "receipt: refused: fixtures/print-bridge/trace.json: (document): this is a compile-trace/1 trace; --log LOG wants the TORCH_TRACE log of the profiled process (the files TORCH_TRACE=<folder> writes)" \
  ./receipt audit "$profile" --log fixtures/print-bridge/trace.json --phases "$phases"
refused "a profile on standard input" 2 \
  "receipt: refused: (standard input): (document): a torch.profiler trace is read from its file, not from standard input: give the profile's path" \
  bash -c "./receipt audit - --log $profile_log --phases $phases < $profile"

# A kept envelope with a number no exact reading holds: a refusal naming the file, the line and the rule.
printf '%s{"dynamo_start": {"n": 1e99999999999}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}\n%s{"compilation_metrics": {"has_guarded_code": true, "cache_size": 0}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}\n' \
  "$prefix" "$prefix" > "$work/number.log"
refused "freeze of an envelope holding 1e99999999999" 2 \
  "receipt: refused: $work/number.log: (document) (line 1): the envelope holds the number 1e99999999999, whose exponent no exact number holds; a TORCH_TRACE envelope's numbers are ids, counts and times" \
  ./receipt freeze "$work/number.log" -o "$work/number.frozen.log"

# --csv into a dangling link says so.
ln -s "$work/nowhere" "$work/dangling"
refused "--csv into a dangling link" 1 \
  "receipt: cannot write $work/dangling/ledger.csv: its folder $work/dangling is a link to $work/nowhere, which does not exist" \
  ./receipt audit fixtures/print-bridge/trace.json --csv "$work/dangling"

# A 10 MB run-marker label is refused at the string limit, never read whole nor quoted (it printed a 10 MB line); a
# 1,000,000-character one, inside the limit, is quoted cut with a count.
label() { # file, characters
  python3 - "$1" "$prefix" "$2" <<'PY'
import sys
prefix = sys.argv[2]
with open(sys.argv[1], "w") as out:
    out.write(prefix + '{"artifact": {"name": "compile_receipt_call", "encoding": "json"}}\n')
    out.write('\t{"run": "%s", "id": "c0", "edge": "start", "phase": "eager"}\n' % ("r" * int(sys.argv[3])))
PY
}
label "$work/label.log" 10000000
refused "a 10 MB run-marker label" 2 \
  "receipt: refused: $work/label.log: (document) (line 1): a compile_receipt_call marker holds a string longer than 1048576 characters, over the limit of 1048576 (max_string_length; raise it with Limits.withMaxStringLength, the CLI's --max-string-length or @TraceFixture(maxStringLength = ...))" \
  ./receipt audit "$work/label.log"
label "$work/label.log" 1000000
refused "a 1,000,000-character run-marker label" 2 \
  "receipt: refused: $work/label.log: (document) (line 1): run of a compile_receipt_call marker must be \"baseline\" or \"candidate\", found \"$(printf 'r%.0s' $(seq 2000))… (998000 more characters)\"" \
  ./receipt audit "$work/label.log"

# --causes of a 1,000,026-character guard and of a guard holding a zero-width joiner: cut with a count, escaped.
python3 - "$work/causes.log" "$prefix" <<'PY'
import json, sys
prefix = sys.argv[2]
guards = ["0/0: L['" + "g" * 1_000_000 + "'] == 1", "0/1: L['x\u200d'] == 2"]
with open(sys.argv[1], "w") as out:
    for v in range(3):
        out.write(prefix + '{"dynamo_start": {}, "frame_id": 0, "frame_compile_id": %d, "attempt": 0}\n' % v)
        if v:
            out.write(prefix + '{"artifact": {"name": "recompile_reasons", "encoding": "json"}, "frame_id": 0,'
                      ' "frame_compile_id": %d, "attempt": 0}\n\t%s\n' % (v, json.dumps([guards[v - 1]])))
        out.write(prefix + '{"compilation_metrics": {"has_guarded_code": true, "cache_size": %d}, "frame_id": 0,'
                  ' "frame_compile_id": %d, "attempt": 0}\n' % (v, v))
PY
timeout 30 ./receipt audit --causes "$work/causes.log" > "$work/causes.txt" 2> "$work/err.txt" \
  || fail "--causes: exit $? ($(head -c 300 "$work/err.txt"))"
[[ $(wc -L < "$work/causes.txt") -lt 3000 ]] || fail "--causes printed a $(wc -L < "$work/causes.txt")-character line"
grep -q 'g… (998[0-9]* more characters)' "$work/causes.txt" || fail "--causes: no count of what was cut"
grep -q "x\\\\u200d" "$work/causes.txt" || fail "--causes printed U+200D raw: $(grep -m1 "x" "$work/causes.txt")"
ok "--causes cuts a 1,000,026-character guard and escapes U+200D"

# --relative-to /home/josé/proj on a 2.14 log whose recompile reasons write the path with \u00e9 escapes: paths cut alike.
python3 - fixtures/torch-2.14/int-spec/torch_trace.log "$work/jose.log" <<'PY'
import hashlib, re, sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
out, record, payload = [], None, []
def flush():
    global record, payload
    if record is None:
        return
    if payload and '"has_payload"' in record:
        md5 = hashlib.md5("\n".join(p[1:] for p in payload).encode()).hexdigest()
        record = re.sub(r'"has_payload": "[0-9a-f]+"', '"has_payload": "%s"' % md5, record)
    out.append(record); out.extend(payload); record, payload = None, []
for line in lines:
    if line.startswith("\t"):
        # JSON lines write the path escaped; a bare-text payload (2.14's first reasons) as it is.
        path = "/home/jos\\u00e9/proj/" if line[1:].lstrip().startswith(("[", "]", '"')) else "/home/jos\u00e9/proj/"
        payload.append(line.replace("/rt/", path).replace("# t/scenarios.py", "# " + path + "scenarios.py"))
    else:
        flush(); record = line.replace("/rt/", "/home/jos\\u00e9/proj/")
flush()
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out))
PY
timeout 30 ./receipt freeze "$work/jose.log" -o "$work/jose.frozen.log" --relative-to /home/josé/proj > "$work/out.txt" 2> "$work/err.txt" \
  || fail "--relative-to with escapes: exit $? ($(head -c 300 "$work/err.txt"))"
# The frozen cache-key components are deflated base64url (#46): read them inflated, the rest as it is.
left=$(python3 - "$work/jose.frozen.log" <<'PY'
import base64, re, sys, zlib
text = open(sys.argv[1], encoding="utf-8").read()
def inflated(m):
    blob = m.group(1)
    return zlib.decompress(base64.urlsafe_b64decode(blob + "=" * (-len(blob) % 4)), -15).decode("utf-8")
text = re.sub(r'"compile_receipt_components": ?"([A-Za-z0-9_-]*)"', inflated, text)
m = re.search(r".{0,20}jos.{0,20}", text)
print(m.group(0) if m else "")
PY
)
[[ -z $left ]] || fail "--relative-to with escapes left $left"
ok "--relative-to cuts a path written with \\u00e9 escapes from the recompile reasons"

echo "hostile-readers: $checks passed, 0 failed"
