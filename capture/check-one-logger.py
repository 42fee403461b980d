#!/usr/bin/env python3
"""Checks that a TORCH_LOGS text captured with one logger alone (test_one_logger: the graph-break scenario
with TORCH_LOGS=graph_breaks, then TORCH_LOGS=recompiles, in OUT/logger-<logger>/) reads, through the Java side,
its own logger's figures and names the other logger's measure not measured (issue #41):

- graph_breaks alone: each run's compile_log.break_sites as the full text's; recompile_causes in
  limits.not_measured (the text shows a recompiled variant, N/1, and holds no recompile line for it);
- recompiles alone: each run's recompile_causes and compile_log.recompile_reasons as the full text's;
  break_sites in limits.not_measured.

The full text is OUT/graph-break-torch-logs.txt (test_real_torch with COMPILE_RECEIPT_TORCH_LOGS=1, as CI
runs it: another process of the same scenario with every logger on). Each text is also held to the
TORCH_TRACE log of its own process, which both loggers' records are in (recompile causes without their
phases: a text has no calls). One line per text.

    capture/check-one-logger.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)
"""

import glob
import os
import sys

import receipt_audit

SCENARIO = "graph-break"
# logger -> (the measure its lines are evidence of, the measure the other logger's lines are)
LOGGERS = {"graph_breaks": ("break_sites", "recompile_causes"), "recompiles": ("recompile_causes", "break_sites")}


def figures(receipt, measure):
    """Per run, what MEASURE reads: break sites, or recompile causes (without phases) and the reasons under them."""
    out = {}
    for label, run in receipt["runs"].items():
        log = run.get("compile_log") or {}
        if measure == "break_sites":
            out[label] = log.get("break_sites")
        else:
            causes = [{k: v for k, v in c.items() if k != "phases"} for c in run.get("recompile_causes") or []]
            out[label] = {"causes": causes, "reasons": log.get("recompile_reasons")}
    return out


def counted(measure, per_run):
    if measure == "break_sites":
        return ", ".join(f"{label} {len(sites or [])} sites" for label, sites in per_run.items())
    return ", ".join(f"{label} {len(f['causes'])} causes" for label, f in per_run.items())


def check(out, audit, logger, full):
    """The failures of one logger's text, and its line."""
    own, other = LOGGERS[logger]
    folder = os.path.join(out, f"logger-{logger}")
    text = os.path.join(folder, f"{SCENARIO}-torch-logs.txt")
    logs = glob.glob(os.path.join(folder, f"{SCENARIO}-torch-trace", "*.log"))
    if not os.path.exists(text) or len(logs) != 1:
        return [f"{logger} alone: no {text} and one TORCH_TRACE log beside it (test_one_logger did not run)"], None
    receipt = receipt_audit.receipt(audit, text, "check-one-logger")
    not_measured = receipt["limits"]["not_measured"]
    mine = figures(receipt, own)
    failures = []
    if other not in not_measured:
        failures.append(f"{logger} alone: {other} is not in limits.not_measured {not_measured}")
    if own in not_measured:
        failures.append(f"{logger} alone: {own}, its own logger's measure, is in limits.not_measured")
    if not any(v if own == "break_sites" else v["causes"] for v in mine.values()):
        failures.append(f"{logger} alone: no {own} read at all: {mine}")
    same = []
    for name, source in (("the full text's", full), ("its own process's TORCH_TRACE log's", logs[0])):
        if source is None:
            continue
        theirs = figures(receipt_audit.receipt(audit, source, "check-one-logger"), own)
        if mine != theirs:
            failures.append(f"{logger} alone: {own} {mine} differ from {name} {theirs}")
        same.append(name)
    line = (f"TORCH_LOGS={logger} alone ({os.path.relpath(text, out)}): {own} ({counted(own, mine)}) "
            f"{'equal to ' + ' and '.join(same) if not failures else 'WRONG'}; {other} in limits.not_measured: "
            f"{'yes' if other in not_measured else 'NO'}")
    return failures, line


def main(out, audit):
    full = os.path.join(out, f"{SCENARIO}-torch-logs.txt")
    if not os.path.exists(full):
        print(f"NOTICE: no {full} (COMPILE_RECEIPT_TORCH_LOGS=1 writes it): each text is held to its own process's log only")
        full = None
    failures = []
    for logger in LOGGERS:
        found, line = check(out, audit, logger, full)
        if line:
            print(line)
        failures += found
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-one-logger.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
