#!/usr/bin/env python3
"""Checks, on every capture of this run, that the three sources of one process give the same recompile
causes (docs/assertj.md, "Recompile causes"): the trace (<scenario>.json), its TORCH_TRACE log and, where
the run kept it (COMPILE_RECEIPT_TORCH_LOGS=1), its TORCH_LOGS text.

- trace and log: every run's recompile_causes equal, field for field (subject, guard, kind, user_line,
  guard_line, values in order, graphs, phases, ended_in_limit), all but the frame, which the trace does not
  record (its frame is null);
- frames: every cause of the log and of the text names the frame that recompiled, with its function, file
  and first line (compilation_metrics' co_name, co_filename, co_firstlineno; the text's "Recompiling
  function NAME in FILE:LINE"), and every cause's guard_line is its user_line;
- the text has no calls: its causes have phases null. With the capture helper's compile_receipt_run
  markers it holds the log's runs, and each run's causes equal the log's in every other field. A text
  without markers reads both runs as one baseline (ids start again after torch._dynamo.reset()): where
  only the baseline recompiled, its causes equal the log's baseline causes in every other field; where
  both runs did, they name the same (subject, guard, kind, user_line) as the two runs of the log together.

    capture/check-causes.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)
"""

import glob
import os
import sys

import receipt_audit

IDENTITY = ("subject", "guard", "kind", "user_line", "frame")
FRAME = ("function", "file", "line")


def causes(audit, source):
    runs = receipt_audit.receipt(audit, source, "check-causes")["runs"]
    return {label: run.get("recompile_causes") for label, run in runs.items()}


def without(cause_list, *keys):
    return [{k: v for k, v in cause.items() if k not in keys} for cause in cause_list]


def without_phases(cause_list):
    return without(cause_list, "phases")


def frames(scenario, source, runs, recorded):
    """The causes of one source whose frame is not as the source records it, as lines: named in full where it
    is RECORDED (a TORCH_TRACE log, a TORCH_LOGS text), null where it is not (the trace)."""
    wrong = []
    for label, cause_list in sorted(runs.items()):
        for cause in cause_list or []:
            frame = cause.get("frame")
            where = f"{scenario} {source} {label}: the cause on `{cause.get('subject')}`"
            if recorded and (not isinstance(frame, dict) or any(frame.get(k) is None for k in FRAME)):
                wrong.append(f"{where} names no whole frame (function, file, line): {frame}")
            elif not recorded and frame is not None:
                wrong.append(f"{where} names a frame the trace does not record: {frame}")
            if cause.get("guard_line", "absent") != cause.get("user_line"):
                wrong.append(f"{where} has guard_line {cause.get('guard_line', '(absent)')} and user_line "
                             f"{cause.get('user_line')}")
    return wrong


def named(cause_list):
    return sorted({tuple(str(cause.get(k)) for k in IDENTITY) for cause in cause_list})


def compare(scenario, trace, log, text):
    """The differences among the causes of one capture's sources, as lines."""
    wrong = frames(scenario, "trace", trace, False) + frames(scenario, "TORCH_TRACE log", log, True)
    if {k: without(v or [], "frame") for k, v in trace.items()} != {k: without(v or [], "frame") for k, v in log.items()}:
        wrong.append(f"{scenario}: trace {trace} vs TORCH_TRACE log {log}")
    if text is None:
        return wrong
    wrong += frames(scenario, "TORCH_LOGS text", text, True)
    for label, text_causes in text.items():
        if any(cause.get("phases") is not None for cause in text_causes or []):
            wrong.append(f"{scenario}: the TORCH_LOGS text has no calls, yet its causes name phases: {text_causes}")
    if len(text) > 1 or set(text) == set(log):
        # the capture helper's compile_receipt_run markers split the text into the log's runs: run by run
        if set(text) != set(log):
            wrong.append(f"{scenario}: TORCH_LOGS text runs {sorted(text)} vs TORCH_TRACE log runs {sorted(log)}")
        for label in sorted(set(text) & set(log)):
            if without_phases(text[label] or []) != without_phases(log[label] or []):
                wrong.append(f"{scenario} {label}: TORCH_LOGS text {without_phases(text[label] or [])} vs TORCH_TRACE log"
                             f" {without_phases(log[label] or [])}")
        return wrong
    [text_causes] = text.values()
    log_runs = [c or [] for c in log.values()]
    if sum(1 for c in log_runs if c) <= 1:
        expected = without_phases(next((c for c in log_runs if c), []))
        if without_phases(text_causes) != expected:
            wrong.append(f"{scenario}: TORCH_LOGS text {without_phases(text_causes)} vs TORCH_TRACE log {expected}")
    elif named(text_causes) != named([cause for c in log_runs for cause in c]):
        wrong.append(f"{scenario}: TORCH_LOGS text names {named(text_causes)}, the log's runs "
                     f"{named([cause for c in log_runs for cause in c])}")
    return wrong


def main(out, audit):
    failures, captures, counted = [], 0, 0
    for trace_file in receipt_audit.traces(out):
        scenario = os.path.basename(trace_file)[: -len(".json")]
        logs = glob.glob(os.path.join(out, f"{scenario}-torch-trace", "*.log"))
        if not logs:
            continue
        text_file = os.path.join(out, f"{scenario}-torch-logs.txt")
        trace, log = causes(audit, trace_file), causes(audit, logs[0])
        text = causes(audit, text_file) if os.path.exists(text_file) else None
        captures += 1
        counted += sum(len(c or []) for c in trace.values())
        failures += compare(scenario, trace, log, text)
    print(f"recompile causes: {captures} captures, {counted} causes, the same from trace, TORCH_TRACE log and text,"
          f" each of the log and the text with its frame; {len(failures)} differ")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or captures == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-causes.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
