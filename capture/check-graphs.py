#!/usr/bin/env python3
"""Checks, on every capture of this run, that the receipt's FX graphs are PyTorch's own count: per run,
the TORCH_TRACE log's compile_log.graphs_compiled equals torch._dynamo.utils.counters["stats"]
["unique_graphs"] of the same process, and its variants are the graphs plus the graphless variants it
lists (a frame Dynamo guarded that produced no graph: counted in compiles, not in unique_graphs).

    capture/check-graphs.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)
"""

import glob
import json
import os
import sys

import receipt_audit


def receipt(audit, source):
    return receipt_audit.receipt(audit, source, "check-graphs")


def main(out, audit):
    failures, checked, graphless = [], 0, 0
    for counters_file in sorted(glob.glob(os.path.join(out, "*.counters.json"))):
        scenario = os.path.basename(counters_file)[: -len(".counters.json")]
        logs = glob.glob(os.path.join(out, f"{scenario}-torch-trace", "*.log"))
        if not logs:
            continue
        counters = json.load(open(counters_file, encoding="utf-8"))["counters"]
        runs = receipt(audit, logs[0])["runs"]
        for label, run in runs.items():
            log = run.get("compile_log") or {}
            want = counters.get(label, {}).get("stats", {}).get("unique_graphs", 0)
            got = log.get("graphs_compiled")
            variants = len(log.get("compiles") or [])
            listed = len(log.get("graphless_variants") or [])
            checked += 1
            graphless += listed
            if got != want:
                failures.append(f"{logs[0]} ({label}): graphs_compiled {got}, PyTorch's unique_graphs {want}")
            elif got + listed != variants:
                failures.append(f"{logs[0]} ({label}): {got} graphs + {listed} graphless variants != {variants} variants")
    print(f"graphs: {checked} runs checked against unique_graphs ({graphless} graphless variants listed), {len(failures)} wrong")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-graphs.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
