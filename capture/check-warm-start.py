#!/usr/bin/env python3
"""Checks every warm-start capture of this run against a plain reading of its two TORCH_TRACE logs:
per run, call and compile id, the cache outcomes the trace writes (artifact_cache of the run's and
of its warm_start's compile events) are the ones the log between that call's markers gives
(the artifacts fx_graph_cache_<o> and aotautograd_cache_<o>, the chromium_event instant events
fx_graph_cache_<o> / autograd_cache_<o>, 2.6's aotautograd_cache_hash cache_state; per compile the
worst: miss, then bypass, then hit); every compile of a warm process hit the FX graph cache (else
the log's cache_bypass_reason is named); past the warm process's first compile, which pays once
for what later ones reuse (receipt_audit.warm_compiles), each warm compile's cached stages and each
run's warm warmup are below the first process's. With an audit command, the receipt of the trace
must agree where it has a run's cold_start: warm_caches_ms below empty_caches_ms (past that first
compile's run), and the warm start's FX graph hits counted as the trace has them.

    capture/check-warm-start.py OUT_DIR [AUDIT_COMMAND...]     (e.g. OUT_DIR ./receipt)
"""

import glob
import json
import os
import re
import sys

import receipt_audit

_ENVELOPE = re.compile(r"^[A-Z]\d{4} [^\]]*\] (\{.*\})\s*$")
_ARTIFACT = re.compile(r"(fx_graph|aotautograd)_cache_(hit|miss|bypass)")
_EVENT = re.compile(r"(fx_graph|autograd)_cache_(hit|miss|bypass)")
_STAGE = {"fx_graph": "fx_graph", "aotautograd": "aotautograd", "autograd": "aotautograd"}


def records(path):
    """(envelope, payload text) of every record of a TORCH_TRACE log."""
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.startswith("\t"):
            if out:
                out[-1][1].append(line[1:].rstrip("\n"))
            continue
        m = _ENVELOPE.match(line)
        if m:
            out.append((json.loads(m.group(1)), []))
    return [(envelope, "\n".join(payload)) for envelope, payload in out]


def outcomes(path):
    """{(run, call id): {compile id: {cache: set of outcomes}}} and {compile id: [reasons]}, by the markers."""
    calls, reasons, current = {}, {}, None
    for envelope, payload in records(path):
        name = (envelope.get("artifact") or {}).get("name", "")
        if name == "compile_receipt_call":
            marker = json.loads(payload)
            current = (marker["run"], marker["id"]) if marker["edge"] == "start" else None
            if current:
                calls[current] = {}
            continue
        if current is None or "frame_id" not in envelope:
            continue
        try:
            info = json.loads(payload) if payload.strip() else {}
        except ValueError:
            info = {}
        info = info if isinstance(info, dict) else {}
        found = None
        if _ARTIFACT.fullmatch(name):
            found = _ARTIFACT.fullmatch(name).groups()
        elif name == "aotautograd_cache_hash" and info.get("cache_state") in ("hit", "miss", "bypass"):
            found = ("aotautograd", info["cache_state"])
        elif "chromium_event" in envelope and info.get("ph") == "i" and _EVENT.fullmatch(str(info.get("name"))):
            found = _EVENT.fullmatch(info["name"]).groups()
            info = info.get("args") if isinstance(info.get("args"), dict) else {}
        if found:
            cid = f"{envelope['frame_id']}/{envelope['frame_compile_id']}"
            calls[current].setdefault(cid, {}).setdefault(_STAGE[found[0]], set()).add(found[1])
            if info.get("cache_bypass_reason"):
                reasons.setdefault(cid, []).append(f"{found[0]} {found[1]}: {info['cache_bypass_reason']}")
    return calls, reasons


def worst(seen):
    return {cache: next(o for o in ("miss", "bypass", "hit") if o in states) for cache, states in sorted(seen.items())}


def one_log(folder):
    logs = glob.glob(os.path.join(folder, "*.log"))
    return logs[0] if len(logs) == 1 else None


def main(out, audit):
    failures, checked, captures = [], 0, 0
    for path in receipt_audit.traces(out):
        trace = json.load(open(path, encoding="utf-8"))
        if not any("warm_start" in run for run in trace["runs"]):
            continue
        captures += 1
        folder = path[: -len(".json")] + "-torch-trace"
        first_log, warm_log = one_log(folder), one_log(os.path.join(folder, "warm"))
        if not first_log or not warm_log:
            failures.append(f"{path}: expected one log in {folder} and one in {folder}/warm")
            continue
        sides = {"first": outcomes(first_log), "warm": outcomes(warm_log)}
        pairs, first_of_process = receipt_audit.warm_compiles(trace)
        receipt = receipt_audit.receipt(audit, path, "check-warm-start") if audit else None
        if not pairs:
            failures.append(f"{path}: no warm compile after the warm process's first")
        for label, graph, first_stages, warm_stages in pairs:
            checked_stages = f"{path} {label} {graph}: cached stages {first_stages:.1f} ms first, {warm_stages:.1f} ms warm"
            print("  " + checked_stages)
            if warm_stages >= first_stages:
                failures.append(checked_stages + ": not below")
        for run in trace["runs"]:
            label, warm_fx = run["label"], 0
            for side, calls in (("first", run["calls"]), ("warm", run["warm_start"]["calls"])):
                logged, reasons = sides[side]
                for call in calls:
                    for e in call["events"]:
                        if e["kind"] == "break" or e.get("cache") == "hit":
                            continue
                        checked += 1
                        plain = worst(logged.get((label, call["id"]), {}).get(e["graph"], {}))
                        where = f"{path} {side} {label} {call['id']} {e['graph']}"
                        if e.get("artifact_cache", {}) != plain:
                            failures.append(f"{where}: artifact_cache {e.get('artifact_cache')}, the log says {plain}")
                        if side == "warm" and plain.get("fx_graph") != "hit":
                            failures.append(f"{where}: the warm process's compile did not hit the FX graph cache "
                                            f"({plain.get('fx_graph', 'no outcome logged')}): "
                                            f"{reasons.get(e['graph']) or 'the log gives no reason'}")
                        warm_fx += side == "warm" and plain.get("fx_graph") == "hit"
            first_ms = sum(c["wall_ms"] for c in run["calls"] if c["phase"] == "warmup")
            warm_ms = sum(c["wall_ms"] for c in run["warm_start"]["calls"] if c["phase"] == "warmup")
            print(f"  {os.path.basename(path)} {label}: warmup {first_ms:.1f} ms with empty caches, {warm_ms:.1f} ms "
                  f"warm; {warm_fx} FX graph cache hits in the warm process")
            if label == first_of_process:
                print(f"  {os.path.basename(path)} {label}: the warm process first compiles here: walls not compared")
            elif warm_ms >= first_ms:
                failures.append(f"{path} {label}: the warm warmup ({warm_ms} ms) is not below the first ({first_ms} ms)")
            if receipt is not None:
                cold = (receipt["runs"].get(label) or {}).get("cold_start")
                if not isinstance(cold, dict):
                    print(f"  NOTICE: the receipt of {path} has no cold_start for {label}: not compared")
                    continue
                empty, warm = cold.get("empty_caches_ms"), cold.get("warm_caches_ms")
                if not (isinstance(empty, (int, float)) and isinstance(warm, (int, float))
                        and (warm < empty or label == first_of_process)):
                    failures.append(f"{path} {label}: receipt cold_start warm_caches_ms {warm} not below "
                                    f"empty_caches_ms {empty}")
                fx = ((cold.get("cache") or {}).get("fx_graph") or {}).get("hit")
                if fx != warm_fx:
                    failures.append(f"{path} {label}: receipt cold_start.cache.fx_graph.hit {fx}, the trace {warm_fx}")
    print(f"warm start: {captures} captures, {checked} compiles' cache outcomes checked against a plain reading "
          f"of their logs, {len(failures)} wrong")
    for failure in failures:
        print("  " + failure)
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit("usage: check-warm-start.py OUT_DIR [AUDIT_COMMAND...]")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
