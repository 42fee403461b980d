#!/usr/bin/env python3
"""Recomputes the contract's phase figures of compile-trace/1 traces in plain Python, independently
of the Java engine, and compares them with `./receipt audit --json` to 1e-3 ms; and recomputes the
trade (cold_ms, extra_cold_ms, steady_saving_ms, break_even_calls and its reason, the worker cost over
the decision's lifetime) from the definitions in docs/trace-format.md, which must agree exactly.

Usage: .ci/crosscheck-receipt.py TRACE.json [TRACE.json ...]   (exit 1 on any disagreement)
"""
import json
import math
from decimal import ROUND_CEILING, ROUND_HALF_EVEN, Decimal, localcontext
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
                p90 = walls[math.ceil(0.9 * n) - 1]
                wall = {"total": sum(walls), "mean": sum(walls) / n, "median": median(walls), "p90": p90}
            else:
                wall = None  # a phase without calls has no timing (trace-format.md section 8)
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


def ms4(value):
    """A receipt millisecond figure: the 4-decimal value half-even of the double's exact value."""
    return Decimal(value).quantize(Decimal("0.0001"), rounding=ROUND_HALF_EVEN)


def median(walls):
    walls = sorted(walls)
    n = len(walls)
    return walls[n // 2] if n % 2 else (walls[n // 2 - 1] + walls[n // 2]) / 2


def expected_trade(trace):
    """The trade by its definitions, or None where the receipt must have none."""
    runs = {run["label"]: run["calls"] for run in trace["runs"]}
    if set(runs) != {"baseline", "candidate"}:
        return None
    walls = {label: {phase: [c["wall_ms"] for c in calls if c["phase"] == phase] for phase in PHASES}
             for label, calls in runs.items()}
    b, c = walls["baseline"], walls["candidate"]
    if not b["steady"] or len(b["steady"]) != len(c["steady"]) or len(b["warmup"]) != len(c["warmup"]):
        return None
    cold = {label: ms4(sum(w["warmup"], 0.0)) for label, w in walls.items()}     # summed in call order, as doubles
    steady = {label: ms4(median(w["steady"])) for label, w in walls.items()}
    extra = cold["candidate"] - cold["baseline"]
    saving = steady["baseline"] - steady["candidate"]
    trade = {"cold_ms": cold, "extra_cold_ms": extra, "steady_saving_ms": saving}
    if extra <= 0 and saving >= 0:
        trade["break_even_calls"] = 0
    elif extra > 0 and saving > 0:
        with localcontext() as exact:
            exact.prec = 60
            trade["break_even_calls"] = int((extra / saving).to_integral_value(rounding=ROUND_CEILING))
    else:
        trade["break_even_calls"] = None
        trade["break_even_reason"] = "worse-steady" if saving < 0 else "worse-cold-no-steady-saving"
    lifetime = (trace.get("decision") or {}).get("worker_lifetime_calls")
    if lifetime is not None:
        cost = {label: cold[label] + lifetime * steady[label] for label in cold}
        trade["worker_lifetime_calls"] = lifetime
        trade["worker_cost_ms"] = cost
        trade["cheaper_over_worker_lifetime"] = ("candidate" if cost["candidate"] < cost["baseline"]
                                                 else "baseline" if cost["baseline"] < cost["candidate"] else "neither")
    return trade


TRADE_KEYS = ("cold_ms", "extra_cold_ms", "steady_saving_ms", "break_even_calls", "break_even_reason",
              "worker_lifetime_calls", "worker_cost_ms", "cheaper_over_worker_lifetime")


def compare_trade(path, trace, receipt):
    """Exact agreement: every millisecond figure as a 4-decimal value, counts and reasons as they are."""
    want = expected_trade(trace)
    comparison = receipt.get("comparison", {})
    got = {key: comparison[key] for key in TRADE_KEYS if key in comparison}
    if want is None:
        return [f"{path}: trade: expected none, receipt says {got}"] if got else []
    problems = []

    def same(key, w, g):
        if isinstance(w, Decimal):
            ok = isinstance(g, (int, float)) and not isinstance(g, bool) and ms4(g) == w
        else:
            ok = w == g and type(w) is type(g)
        if not ok:
            problems.append(f"{path}: comparison.{key}: expected {w}, receipt says {g!r}")

    for key in TRADE_KEYS:
        if (key in want) != (key in got):
            problems.append(f"{path}: comparison.{key}: expected {'present' if key in want else 'absent'}, receipt says "
                            f"{got.get(key, 'absent')!r}")
        elif key in want and isinstance(want[key], dict):
            for label in ("baseline", "candidate"):
                same(f"{key}.{label}", want[key][label], got[key].get(label))
        elif key in want:
            same(key, want[key], got[key])
    if trace.get("decision") != receipt.get("decision"):
        problems.append(f"{path}: decision: the trace has {trace.get('decision')}, the receipt {receipt.get('decision')}")
    return problems


def main(paths):
    receipt_cmd = Path(__file__).resolve().parent.parent / "receipt"
    problems = []
    figures = 0
    trades = 0
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
        problems += compare_trade(path, trace, receipt)
        trades += 1 if expected_trade(trace) is not None else 0
        print(f"crosscheck {path}: {'ok' if len(problems) == before else 'DISAGREES'}")
    for problem in problems:
        print("  " + problem)
    print(f"crosscheck: {len(paths)} traces, {figures} figures compared, {trades} trades recomputed exactly, "
          f"{len(problems)} disagreements (tolerance {TOLERANCE} ms)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
