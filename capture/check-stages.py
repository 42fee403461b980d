#!/usr/bin/env python3
"""Checks, on every TORCH_TRACE log of a capture, that the receipt's compile stages are what a plain
reading of the log gives, and that they add up: for each compilation_metrics record, dynamo = frame -
backend, aot_autograd = backend - Inductor, inductor = Inductor - codegen, codegen = codegen (a null
timer is 0; docs/compile-stages.md), computed here in exact decimals, must be the stages of the
receipt's compile_log.compile_times entry of the same compile id and time; and at every level
(compile, run, phase) stages + unattributed_ms must equal compile_ms to the last of 4 decimals.

    capture/check-stages.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)
"""

import glob
import json
import os
import sys
from decimal import Decimal

import receipt_audit

SECONDS = ["entire_frame_compile_time_s", "backend_compile_time_s", "inductor_compile_time_s", "code_gen_time_s"]
MICROS = ["dynamo_cumulative_compile_time_us", "aot_autograd_cumulative_compile_time_us",
          "inductor_cumulative_compile_time_us", "inductor_code_gen_cumulative_compile_time_us"]
STAGES = ["dynamo", "aot_autograd", "inductor", "codegen"]


def receipt(audit, source):
    return receipt_audit.receipt(audit, source, "check-stages", parse_float=Decimal)


def plain_stages(path):
    """(compile id, compile ms, stages) of every compilation_metrics record the log splits, in log order."""
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        start = line.find("] {")
        if start < 0:
            continue
        try:
            envelope = json.loads(line[start + 2:], parse_float=Decimal)
        except ValueError:
            continue
        metrics = envelope.get("compilation_metrics")
        if not isinstance(metrics, dict):
            continue
        fields, scale = (SECONDS, 3) if metrics.get(SECONDS[0]) is not None else (MICROS, -3)
        if metrics.get(fields[0]) is None or any(f not in metrics for f in fields[1:]):
            continue
        levels = [Decimal(metrics[f] or 0).scaleb(scale) for f in fields] + [Decimal(0)]
        stages = {name: levels[i] - levels[i + 1] for i, name in enumerate(STAGES)}
        if any(v < 0 for v in stages.values()):
            continue
        graph = f"{envelope.get('frame_id')}/{envelope.get('frame_compile_id')}"
        out.append((graph, levels[0], stages))
    return out


def adds_up(node):
    if node.get("stages") is None:
        return True
    total = node["unattributed_ms"] + sum(node["stages"].values(), Decimal(0))
    return total == node["compile_ms"]


def main(out, audit):
    failures, checked = [], 0
    for log in sorted(glob.glob(os.path.join(out, "*-torch-trace", "*.log"))):
        doc = receipt(audit, log)
        written = []
        for label, run in doc["runs"].items():
            compile_log = run.get("compile_log") or {}
            if not adds_up(compile_log):
                failures.append(f"{log} ({label}): compile_log stages + unattributed_ms != compile_ms")
            for phase, figures in (run.get("phases") or {}).items():
                if not adds_up(figures):
                    failures.append(f"{log} ({label} {phase}): stages + unattributed_ms != compile_ms")
            for entry in compile_log.get("compile_times") or []:
                if not adds_up(entry):
                    failures.append(f"{log} ({label} {entry['graph']}): stages + unattributed_ms != compile_ms")
                written.append(entry)
        for graph, ms, stages in plain_stages(log):
            checked += 1
            match = [e for e in written if e["graph"] == graph and e["compile_ms"] == ms and e["stages"]
                     and all(e["stages"].get(name) == value for name, value in stages.items())]
            if not match:
                failures.append(f"{log}: {graph} ({ms} ms) read plainly as {stages}, not in the receipt's compile_times")
            else:
                written.remove(match[0])
    print(f"stages: {checked} compiles checked against a plain reading of their logs, {len(failures)} wrong")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-stages.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
