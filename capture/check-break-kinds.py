#!/usr/bin/env python3
"""Checks the break kinds the Java side gives the break-kinds and break-in-loop captures of this
run, from every source the capture wrote: the compile-trace/1 trace, the TORCH_TRACE log and the
TORCH_LOGS text (when COMPILE_RECEIPT_TORCH_LOGS=1 wrote it).

    capture/check-break-kinds.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)

Expected, worked out from capture/tests/mymodel/layers.py: the .item() line is device-sync, the
print line python-side-effect, the torch._dynamo.graph_break() line user-inserted, the
torch.distributions.Normal(validate_args=True) break is unsupported-call at a site inside torch
with the user frame on the Normal line; the .item() inside the loop is frame-skip with cause
device-sync, except in 2.6's TORCH_LOGS text, which says nothing of the skip (device-sync there).
"""

import glob
import json
import os
import re
import sys

import receipt_audit

HERE = os.path.dirname(os.path.abspath(__file__))
LAYERS = os.path.join(HERE, "tests", "mymodel", "layers.py")


def line_of(pattern):
    with open(LAYERS, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if pattern in line:
                return n
    raise SystemExit(f"check-break-kinds: no line with {pattern!r} in {LAYERS}")


def receipt(audit, source):
    return receipt_audit.receipt(audit, source, "check-break-kinds")


def main(out, audit):
    item, printed, inserted, normal, loop = (line_of(p) for p in (".item()", 'print("logged"', "graph_break()",
                                                                   "torch.distributions.Normal", "total.sum().item()"))
    torch = json.load(open(os.path.join(out, "break-kinds.json"), encoding="utf-8"))["fixture"]["torch"]
    old_text = tuple(int(x) for x in re.findall(r"\d+", torch)[:2]) < (2, 8)
    failures, checked = [], 0
    sources = {"trace": "{}.json", "torch_trace": "{}-torch-trace/*.log", "torch_logs": "{}-torch-logs.txt"}
    for kind_of_source, pattern in sources.items():
        for scenario in ("break-kinds", "break-in-loop"):
            paths = glob.glob(os.path.join(out, pattern.format(scenario)))
            if not paths:
                continue
            base = receipt(audit, paths[0])["runs"]["baseline"]
            entries = base.get("break_sites", []) + (base.get("compile_log") or {}).get("break_sites", [])
            if scenario == "break-kinds":
                want = {f"layers.py:{item}": ("device-sync", None), f"layers.py:{printed}": ("python-side-effect", None),
                        f"layers.py:{inserted}": ("user-inserted", None), "distribution.py": ("unsupported-call", None)}
            elif kind_of_source == "trace":
                want = {}       # the trace holds the skip as a fallback, not as a break
            else:
                skip = kind_of_source == "torch_logs" and old_text
                want = {f"layers.py:{loop}": ("device-sync", None) if skip else ("frame-skip", "device-sync")}
            seen = set()
            for s in entries:
                key = next((k for k in want if s["site"].endswith("/" + k) or "/torch/distributions/" in s["site"] and k == "distribution.py"), None)
                if key is None:
                    failures.append(f"{paths[0]}: unexpected site {s['site']}")
                    continue
                seen.add(key)
                checked += 1
                got = (s["kind"], s.get("cause_kind"))
                if got != want[key]:
                    failures.append(f"{paths[0]}: {s['site']} is {got}, expected {want[key]}")
                frame = s.get("user_frame") or "(none)"
                expected_frame = f"layers.py:{normal}" if key == "distribution.py" else key
                if not frame.endswith("/" + expected_frame):
                    failures.append(f"{paths[0]}: {s['site']} has user_frame {frame}, expected .../{expected_frame}")
            for key in set(want) - seen:
                failures.append(f"{paths[0]}: no break site {key}")
    more, wrong = check_scenarios(out, audit, old_text, sources)
    checked += more
    failures += wrong
    print(f"break kinds ({torch}): {checked} sites checked, {len(failures)} wrong")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or checked == 0 else 0


# capture/tests/scenarios.py, worked out by hand from its source: the scenario, the line of the user's
# call, the kind on 2.6 and on 2.14 (None: no break on that release).
SCENARIOS = {
    "tolist": ("values = y.tolist()", "device-sync", "device-sync"),
    "deepcopy-dict": ("cfg = copy.deepcopy(_CONFIG)", "unsupported-call", None),
    "time-builtin": ("started = time.time()", "unsupported-call", "unsupported-call"),
    "torch-branch": ("kl = torch.distributions.kl_divergence(a, b)", "device-sync", "device-sync"),
    "logging-call": ('logger.info("scaled: %s"', "python-side-effect", "python-side-effect"),
    "numpy-out": (None, None, None),
}


def check_scenarios(out, audit, old_text, sources):
    """Each new scenario's one break, from every source: its kind, and its user frame on the user's line."""
    with open(os.path.join(HERE, "tests", "scenarios.py"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    failures, checked = [], 0
    for scenario, (code, old_kind, new_kind) in SCENARIOS.items():
        line = next((n for n, text in enumerate(lines, 1) if code and code in text), None)
        kind = old_kind if old_text else new_kind
        for kind_of_source, pattern in sources.items():
            paths = glob.glob(os.path.join(out, pattern.format(scenario)))
            if not paths or kind is None and kind_of_source == "torch_logs":
                continue        # a text with no break and no recompile holds no PyTorch message to read
            base = receipt(audit, paths[0])["runs"]["baseline"]
            entries = base.get("break_sites", []) + (base.get("compile_log") or {}).get("break_sites", [])
            got = sorted({(s["kind"], (s.get("user_frame") or s["site"]).rsplit("/", 1)[-1]) for s in entries})
            want = [] if kind is None else [(kind, f"scenarios.py:{line}")]
            checked += len(entries)
            if got != want:
                failures.append(f"{paths[0]}: break sites {got}, expected {want}")
    return checked, failures


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-break-kinds.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
