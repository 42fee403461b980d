#!/usr/bin/env python3
"""Checks, on every capture of a run of capture/test-with-real-torch.sh, that the Java reading of each run's
torch.profiler trace (the helper's --profile-out: NAME.profile.json, NAME.profile-candidate.json) with the
TORCH_TRACE log of the same process gives the receipt the helper's own trace (NAME.json) gives for that run:
per call its phase, graphs (in order), cache outcome and break sites; per phase the calls, compiles and cache
hits; and per call wall_ms and eager_island_ms within the tolerances below (docs/sources.md, "Against the capture helper", says why each
differs: the profile's call span holds the helper's timer, and its JSON writes microseconds to 3 decimals).

    capture/check-profile.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)

The phases are the ones the log's compile_receipt_call markers give (a profile cannot tell them), held
against the trace's; the calls are the helper's compile_receipt_call spans.
"""

import glob
import json
import os
import sys

import receipt_audit

CALL_SPAN = "compile_receipt_call"
# The profile's call span begins before the helper's perf_counter and ends after it (the record_function's own
# entry and exit are inside the span): wall_ms from the profile is never smaller (beyond rounding), and a run's
# median difference is at most this. One call's can be larger: a pause between the span's start and the timer.
# Quiet, a run's median is 0.02-0.13 ms; CI's loaded machine once gave 0.35 ms on all four calls of one run
# (2026-12-02), so the bound is 1 ms. A span paired with the wrong call shows in the exact figures (graphs,
# cache) and in the per-call "never smaller" test, which are the sharp ones; this one catches a span that
# holds more than the call (a compile, a profiler start).
WALL_MEDIAN_MS = 1.0
# An island is the same spans' difference in both; each side rounds to 4 decimals from microseconds written
# to 3 (the JSON) or taken from the profiler's own events (the helper): at most this apart.
ISLAND_MS = 0.0003
EXACT = ["phase", "graphs", "cache", "break_sites"]
PHASE_FIGURES = ["calls", "compiles", "cache_hits", "breaks", "fallbacks"]


def compare(where, mine, theirs):
    """Differences of two single runs' receipts (profile, trace), and the wall_ms differences of their calls, sorted."""
    failures, walls = [], []
    rows_p = [r for r in mine["ledger"] if r["run"] == "baseline"]
    rows_t = theirs["rows"]
    unknown = set(mine["limits"]["not_measured"])
    if len(rows_p) != len(rows_t):
        return [f"{where}: {len(rows_p)} calls from the profile, {len(rows_t)} in the trace"], walls
    for p, t in zip(rows_p, rows_t):
        if not (t["cache"] == "fallback" and "fallbacks" in unknown):    # a recompile-limit fallback not placed
            for key in EXACT:
                if p.get(key) != t.get(key):
                    failures.append(f"{where} call {t['call']}: {key} {p.get(key)!r} from the profile, {t.get(key)!r} in"
                                    f" the trace")
        wall = p["wall_ms"] - t["wall_ms"]
        walls.append(wall)
        if wall < -ISLAND_MS:
            failures.append(f"{where} call {t['call']}: wall_ms {p['wall_ms']} from the profile, less than {t['wall_ms']}"
                            f" in the trace, whose timer its span holds")
        island_p, island_t = p.get("eager_island_ms"), t.get("eager_island_ms")
        if "eager_island_ms" not in unknown and island_p is not None and island_t is not None and abs(island_p - island_t) > ISLAND_MS:
            failures.append(f"{where} call {t['call']}: eager_island_ms {island_p} from the profile, {island_t} in the trace")
    for phase, figures in theirs["phases"].items():
        got = mine["runs"]["baseline"]["phases"].get(phase, {})
        for key in PHASE_FIGURES:
            if key not in unknown and got.get(key) != figures.get(key):
                failures.append(f"{where} {phase}: {key} {got.get(key)} from the profile, {figures.get(key)} in the trace")
    walls.sort()
    median = walls[len(walls) // 2] if walls else 0
    if median > WALL_MEDIAN_MS:
        failures.append(f"{where}: the median call's wall_ms is {median:.4f} ms more from the profile than in the trace")
    return failures, walls


def main(out, audit):
    failures, checked, calls = [], 0, 0
    for trace_file in receipt_audit.traces(out):
        name = os.path.basename(trace_file)[: -len(".json")]
        logs = glob.glob(os.path.join(out, f"{name}-torch-trace", "*.log"))
        with open(trace_file, encoding="utf-8") as f:
            trace = json.load(f)
        if not logs and not glob.glob(os.path.join(out, f"{name}.profile*.json")):
            # a command-line capture made without TORCH_TRACE and --profile-out (test_5); every
            # run_scenario capture writes both, which test_real_torch.check_profiles holds
            print(f"{name}: no TORCH_TRACE log and no profile: not profiled")
            continue
        if len(logs) != 1:
            failures.append(f"{name}: {len(logs)} TORCH_TRACE logs beside the trace, not one")
            continue
        doc = receipt_audit.receipt(audit, trace_file, "check-profile")
        for run in trace["runs"]:
            label = run["label"]
            profile = os.path.join(out, f"{name}.profile{'' if label == 'baseline' else '-' + label}.json")
            if not os.path.exists(profile):
                failures.append(f"{name} ({label}): no {os.path.basename(profile)} beside the trace")
                continue
            mine = receipt_audit.receipt(audit, profile, "check-profile", options=[
                "--log", logs[0], "--call-span", CALL_SPAN, "--run", label])    # phases from the log's call markers
            theirs = {"rows": [r for r in doc["ledger"] if r["run"] == label], "phases": doc["runs"][label]["phases"]}
            found, walls = compare(f"{name} ({label})", mine, theirs)
            failures.extend(found)
            checked += 1
            calls += len(run["calls"])
            print(f"{name} ({label}): {len(run['calls'])} calls, {'same receipt' if not found else f'{len(found)} differences'};"
                  f" wall_ms from the profile minus the trace's: median {walls[len(walls) // 2]:.4f}, max {walls[-1]:.4f}"
                  + (f"; not measured from the profile: {', '.join(mine['limits']['not_measured'])}"
                     if mine["limits"]["not_measured"] else ""))
    print(f"profile: {checked} runs ({calls} calls) read from their torch.profiler traces and TORCH_TRACE logs against"
          f" the helper's trace, {len(failures)} differences")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-profile.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
