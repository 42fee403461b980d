#!/usr/bin/env python3
"""Recomputes the contract's phase figures of compile-trace/1 traces in plain Python, independently
of the Java engine, and compares them with `./receipt audit --json` to 1e-3 ms.

Usage: .ci/crosscheck-receipt.py TRACE.json [TRACE.json ...]   (exit 1 on any disagreement)
"""
import json
import math
import subprocess
import sys
from pathlib import Path

PHASES = ["eager", "warmup", "steady", "changed"]
TOLERANCE = 1e-3


def expected(trace):
    runs = {}
    for run in trace["runs"]:
        phases = {}
        for phase in PHASES:
            calls = [c for c in run["calls"] if c["phase"] == phase]
            walls = sorted(c["wall_ms"] for c in calls)
            n = len(walls)
            events = [e for c in calls for e in c["events"]]
            regions = [e for e in events if e["kind"] == "region"]
            if n:
                median = walls[n // 2] if n % 2 else (walls[n // 2 - 1] + walls[n // 2]) / 2
                p90 = walls[math.ceil(0.9 * n) - 1]
                wall = {"total": sum(walls), "mean": sum(walls) / n, "median": median, "p90": p90}
            else:
                wall = {"total": 0, "mean": 0, "median": 0, "p90": 0}
            phases[phase] = {
                "calls": n,
                "wall_ms": wall,
                "compiles": sum(1 for e in regions if e["cache"] == "compile"),
                "cache_hits": sum(1 for e in regions if e["cache"] == "hit"),
                "fallbacks": sum(1 for e in events if e["kind"] == "fallback"),
                "breaks": sum(1 for e in events if e["kind"] == "break"),
                "eager_island_ms": sum(e["eager_ms"] for e in events if e["kind"] == "break"),
                "compile_ms": sum(e.get("compile_ms", 0) for e in events if e["kind"] != "break"),
                "new_graph_variants": [e["graph"] for e in regions if e["cache"] == "compile"],
            }
        runs[run["label"]] = phases
    return runs


def compare(path, want, got, where=""):
    problems = []
    if isinstance(want, dict):
        for key, value in want.items():
            problems += compare(path, value, got.get(key) if isinstance(got, dict) else None, f"{where}.{key}")
    elif isinstance(want, float) or isinstance(got, float):
        if got is None or abs(want - got) > TOLERANCE:
            problems.append(f"{path}: {where}: expected {want}, receipt says {got}")
    elif want != got:
        problems.append(f"{path}: {where}: expected {want!r}, receipt says {got!r}")
    return problems


def main(paths):
    receipt_cmd = Path(__file__).resolve().parent.parent / "receipt"
    problems = []
    figures = 0
    for path in paths:
        trace = json.loads(Path(path).read_text(encoding="utf-8"))
        out = subprocess.run([str(receipt_cmd), "audit", "--json", path], check=True, capture_output=True, text=True)
        receipt = json.loads(out.stdout)
        before = len(problems)
        for label, phases in expected(trace).items():
            for phase, want in phases.items():
                got = receipt["runs"][label]["phases"][phase]
                figures += len(want) + 3
                problems += compare(path, want, got, f"runs.{label}.phases.{phase}")
        print(f"crosscheck {path}: {'ok' if len(problems) == before else 'DISAGREES'}")
    for problem in problems:
        print("  " + problem)
    print(f"crosscheck: {len(paths)} traces, {figures} figures compared, {len(problems)} disagreements (tolerance {TOLERANCE} ms)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
