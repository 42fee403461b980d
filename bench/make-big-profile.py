#!/usr/bin/env python3
# usage: bench/make-big-profile.py MB [SOURCE_PROFILE] [OUT]: a torch.profiler trace of about MB megabytes for
# "receipt audit OUT --log fixtures/profiler/2.14-plain/torch_trace.log --phases steady=0-59" under -Xmx64m.
# A big profile: the 2.14 fixture's events, its 6 steps repeated with every step's spans shifted, so that
# calls stay 60 (under --max-calls 64) and each step carries ~N extra aten spans of padding. Only the first
# repetition keeps the compile spans, as the log holds each compile once (a profile's compiles are the log's).
import json, sys
src = json.load(open(sys.argv[2] if len(sys.argv) > 2 else "fixtures/profiler/2.14-plain/profile.json"))
target = int(sys.argv[1]) << 20
ev = src["traceEvents"]
meta = [e for e in ev if e.get("ph") != "X"]
xs = [e for e in ev if e.get("ph") == "X"]
steps = [e for e in xs if e["name"].startswith("ProfilerStep#")]
t0 = min(e["ts"] for e in xs); t1 = max(e["ts"] + e["dur"] for e in xs)
span = t1 - t0 + 1000
with open(sys.argv[3] if len(sys.argv) > 3 else "big-profile.json", "w") as out:
    out.write('{"schemaVersion": 1, "traceEvents": [\n')
    first = True
    for m in meta:
        out.write(("" if first else ",\n") + json.dumps(m)); first = False
    reps = 10
    pad = {"ph": "X", "cat": "cpu_op", "name": "aten::padding_op", "pid": xs[0]["pid"], "tid": xs[0]["tid"], "args": {"External id": 1, "Input Dims": [[8, 16], [16]], "Input type": ["float", "float"]}}
    written = 0
    for r in range(reps):
        for e in xs:
            if r > 0 and e["name"] == "_compile.compile_inner (dynamo_timed)":
                continue    # the log compiled each variant once: later repetitions run them as hits
            e2 = dict(e); e2["ts"] = e["ts"] + r * span
            if e2["name"].startswith("ProfilerStep#"):
                e2["name"] = "ProfilerStep#%d" % (r * 10 + int(e["name"].split("#")[1]))
            s = ",\n" + json.dumps(e2); out.write(s); written += len(s)
        # padding inside the first step of this repetition (no kind the reader keeps)
        st = steps[0]
        line = json.dumps(dict(pad, ts=st["ts"] + r * span + 1, dur=0.5))
        n = (target // reps - written // (r + 1)) // (len(line) + 2)
        chunk = (",\n" + line) * 1000
        for _ in range(max(0, n) // 1000):
            out.write(chunk)
    out.write("\n]}\n")
