#!/usr/bin/env python3
"""Recomputes each run's compile_log of TORCH_TRACE logs in plain Python, from the contract alone
(docs/trace-format.md, sections 4 and 7), independently of the Java reader, and compares it with
`./receipt audit --json`: compiles, recompiles, fallbacks, graphs, fallback graphs, break sites
(site, reason, compiles, gb_id), recompile reasons, compile time (to 1e-3 ms), on-disk cache counts,
and that no line is bad.

Usage: .ci/crosscheck-compile-log.py LOG [LOG ...]   (exit 1 on any disagreement)

Written for the logs PyTorch 2.6 and 2.14 write with the capture's per-call markers, or without
markers: breaks come from dynamo_graph_break_reason artifacts (both releases write them).
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ENVELOPE = re.compile(r"^[VIWEC]\d{4} [\d:.]+\s+\d+ [^\]]*\] (\{.*\})\s*$")
BREAK_AT = re.compile(r"in user code at (.+):(\d+)\s*$")
GB_LINK = re.compile(r"gb/gb(\d{4})\.html")
TOLERANCE = 1e-3


def records(path):
    out = []
    with open(path, encoding="utf-8", newline="") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if not line.strip():
                continue                      # an empty line never ends a record (tlparse drops them)
            if line.startswith("\t"):
                if out:
                    out[-1][1].append(line[1:])
                continue
            m = ENVELOPE.match(line)
            if m:
                out.append((json.loads(m.group(1)), []))
    return out


def reasons(payload):
    text = "\n".join(payload)
    if text.lstrip().startswith("["):
        return [r.strip() for r in json.loads(text) if isinstance(r, str)]
    return [text.strip()] if text.strip() else []


def graph_break(payload):
    m = BREAK_AT.search(payload[0])
    site = f"{m.group(1).strip()}:{m.group(2)}"
    explanation = next((i for i, line in enumerate(payload) if i > 0 and line.startswith("  Explanation:")), None)
    brk = {"site": site}
    if explanation is None:
        reason = next((line.strip() for line in payload[1:] if line.strip().startswith(("Reason:", "Graph Break Reason:"))),
                      payload[0].strip())
        brk["reason"] = reason.split(":", 1)[1].strip() if reason.startswith(("Reason:", "Graph Break Reason:")) else reason
        return brk
    before = [line.strip() for line in payload[:explanation] if line.strip()]
    brk["reason"] = before[-1].removeprefix("Graph Break Reason:").strip()
    link = next((GB_LINK.search(line) for line in payload if GB_LINK.search(line)), None)
    if link:
        brk["gb_id"] = "GB" + link.group(1)
    return brk


def made_variant(metrics):
    if metrics.get("has_guarded_code") is not None:
        return bool(metrics["has_guarded_code"])
    return metrics.get("fail_type") is None


def compile_ms(metrics):
    if metrics.get("entire_frame_compile_time_s") is not None:
        return metrics["entire_frame_compile_time_s"] * 1000
    if metrics.get("dynamo_cumulative_compile_time_us") is not None:
        return metrics["dynamo_cumulative_compile_time_us"] / 1000
    return 0.0


class Run:
    def __init__(self):
        self.log = {"compiles": [], "recompiles": [], "fallbacks": [], "graphs": [], "fallback_graphs": [],
                    "sites": {}, "recompile_reasons": [], "compile_ms": 0.0,
                    "fx_graph": [0, 0, 0], "aotautograd": [0, 0, 0]}
        self.open = {}                      # compile id -> {"started", "guards", "breaks"}

    def finish(self, cid, made, recompile, ms, compile):
        log = self.log
        if made:
            log["compiles"].append(cid)
            if cid not in log["graphs"]:
                log["graphs"].append(cid)
            if recompile:
                log["recompiles"].append(cid)
        else:
            log["fallbacks"].append(cid)
            if cid not in log["fallback_graphs"]:
                log["fallback_graphs"].append(cid)
        log["recompile_reasons"] += [{"graph": cid, "guard": g} for g in compile["guards"]]
        log["compile_ms"] += ms
        for brk in compile["breaks"]:
            site = log["sites"].setdefault(brk["site"], {"site": brk["site"], "reason": brk["reason"], "compiles": 0,
                                                         **({"gb_id": brk["gb_id"]} if "gb_id" in brk else {})})
            site["compiles"] += 1

    def flush(self):
        for cid, compile in list(self.open.items()):
            self.finish(cid, False, False, 0.0, compile)   # reasons and no metrics: the recompile limit
        self.open.clear()


def recompute(path):
    runs = {}
    run = Run()
    marked = False
    for envelope, payload in records(path):
        artifact = envelope.get("artifact") or {}
        name = artifact.get("name")
        if name == "compile_receipt_call":
            marker = json.loads("\n".join(payload))
            run.flush()
            if not marked or marker["run"] not in runs:
                marked = True
                run = runs.setdefault(marker["run"], run if not runs else Run())
            continue
        if name and (name.startswith("fx_graph_cache_") or name.startswith("aotautograd_cache_")):
            counts = run.log["fx_graph" if name.startswith("fx_graph") else "aotautograd"]
            counts[["hit", "miss", "bypass"].index(name.rsplit("_", 1)[1])] += 1
            continue
        if "frame_id" not in envelope:
            continue
        cid = f"{envelope['frame_id']}/{envelope['frame_compile_id']}"
        if "dynamo_start" in envelope:
            compile = run.open.get(cid)
            if compile is not None and compile["started"] and envelope.get("attempt", 0) <= compile["attempt"]:
                run.finish(cid, False, False, 0.0, run.open.pop(cid))
                compile = None
            for other, c in list(run.open.items()):
                if other != cid and not c["started"] and c["guards"]:
                    run.finish(other, False, False, 0.0, run.open.pop(other))
            compile = run.open.setdefault(cid, {"started": False, "attempt": 0, "guards": [], "breaks": []})
            compile["started"] = True
            compile["attempt"] = max(compile["attempt"], envelope.get("attempt", 0))
        elif name == "recompile_reasons":
            compile = run.open.get(cid)
            if compile is not None and compile["guards"]:
                run.finish(cid, False, False, 0.0, run.open.pop(cid))
            run.open.setdefault(cid, {"started": False, "attempt": 0, "guards": [], "breaks": []})["guards"] += reasons(payload)
        elif name == "dynamo_graph_break_reason":
            run.open.setdefault(cid, {"started": False, "attempt": 0, "guards": [], "breaks": []})["breaks"].append(graph_break(payload))
        elif "compilation_metrics" in envelope:
            metrics = envelope["compilation_metrics"] or {}
            compile = run.open.pop(cid, {"started": False, "attempt": 0, "guards": [], "breaks": []})
            made = made_variant(metrics)
            variant = int(cid.split("/")[1])
            recompile = made and ((metrics.get("cache_size") or 0) > 0 or variant > 0)
            run.finish(cid, made, recompile, compile_ms(metrics), compile)
    run.flush()
    if not runs:
        runs["baseline"] = run
    return runs


def actual(path):
    out = subprocess.run(["./receipt", "audit", "--json", str(path)], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"receipt audit {path} failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout)


def compare(path):
    receipt = actual(path)
    problems = []
    if receipt.get("bad_lines"):
        problems.append(f"bad_lines {receipt['bad_lines']}")
    figures = 0
    for label, run in recompute(path).items():
        got = receipt["runs"][label]["compile_log"]
        want = run.log
        for key in ["compiles", "recompiles", "fallbacks", "graphs", "fallback_graphs", "recompile_reasons"]:
            figures += 1
            if got[key] != want[key]:
                problems.append(f"{label} {key}: receipt {got[key]}, recomputed {want[key]}")
        sites = [{k: s[k] for k in ("site", "reason", "compiles", "gb_id") if k in s} for s in got["break_sites"]]
        expected_sites = sorted(want["sites"].values(), key=lambda s: s["site"])
        figures += 1
        if sites != expected_sites:
            problems.append(f"{label} break_sites: receipt {sites}, recomputed {expected_sites}")
        figures += 1
        if abs((got["compile_ms"] or 0) - want["compile_ms"]) > TOLERANCE:
            problems.append(f"{label} compile_ms: receipt {got['compile_ms']}, recomputed {want['compile_ms']:.4f}")
        for cache in ("fx_graph", "aotautograd"):
            figures += 1
            outcome = got["artifact_cache"][cache]
            # null: the log holds no record of that cache (not measured, never 0), so the plain reading finds none
            counts = [0, 0, 0] if outcome is None else [outcome[k] for k in ("hit", "miss", "bypass")]
            if counts != want[cache]:
                problems.append(f"{label} artifact_cache.{cache}: receipt {counts}, recomputed {want[cache]}")
    return figures, problems


def main(paths):
    failed = 0
    total = 0
    for path in paths:
        figures, problems = compare(Path(path))
        total += figures
        if problems:
            failed += 1
            print(f"crosscheck {path}: {len(problems)} disagreement(s)")
            for p in problems:
                print("  " + p)
        else:
            print(f"crosscheck {path}: ok ({figures} compile-log figures)")
    print(f"compile-log crosscheck: {len(paths)} logs, {total} figures, {failed} with disagreements")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
