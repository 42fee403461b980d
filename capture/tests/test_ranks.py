"""Issue #47's multi-rank jobs against real PyTorch: each scenario of ranks_scenarios run as a
torch.distributed job (gloo on CPU, torch.multiprocessing.spawn; run_ranks.py), one TORCH_TRACE log
per rank in one folder. The logs are then read independently of the helper and of the Java side:
each rank's fingerprint (per call: the compiles with their FX graphs' payload hashes, break sites and
recompile reasons; apart from it, the cache outcomes), the ranks grouped by equal fingerprints, the
kind (graph, cache or alike) and the first call where the groups differ, said in words. Groups and
kind must be what the scenario makes (EXPECTED); the result is written as ranks-<scenario>.expect.json
beside the folder for the Java side's tests.

    python3 -m unittest -v test_ranks        (from capture/tests, with torch installed)

OUT is $COMPILE_RECEIPT_OUT/ranks (else capture/out/ranks): ranks-<scenario>/ (the logs, named as
PyTorch names them: dedicated_log_torch_trace_rank_<N>_<suffix>.log), ranks-<scenario>.expect.json,
ranks-<scenario>.log (the job's output).
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.environ.get("COMPILE_RECEIPT_OUT", os.path.join(os.path.dirname(HERE), "out")), "ranks")
sys.path.insert(0, HERE)
import ranks_scenarios  # noqa: E402

# Per scenario: (groups, kind), the same on both releases.
EXPECTED = {
    "alike": ([[0, 1, 2, 3]], "alike"),
    "batch-size": ([[0, 2, 3], [1]], "graph"),
    "branch-break": ([[0, 1, 3], [2]], "graph"),
    "warm-cache": ([[0, 1, 2], [3]], "cache"),
    "rank-int": ([[0, 2], [1, 3]], "graph"),
    "inductor-option": ([[0, 2, 3], [1]], "cache"),
}
# Per scenario and release: the key components each group outside the largest differs in from it, per cache
# and compile (issue #46). 2.6's AOTAutograd key lists its components (the Inductor config among them); 2.14's
# lists none, so only its FX graph key says why.
EXPECTED_KEYS = {
    "alike": {"2.6": {}, "2.14": {}},
    "warm-cache": {"2.6": {"3": []}, "2.14": {"3": []}},
    "inductor-option": {"2.6": {"1": ["aotautograd 0/0: inductor_config[size_asserts]",
                                      "fx_graph 0/0: inductor_config[size_asserts]"]},
                        "2.14": {"1": ["fx_graph 0/0: inductor_config[size_asserts]"]}},
}
_ENVELOPE = re.compile(r"^[A-Z]\d{4} [^\]]*\] (\{.*\})\s*$")
_LOG_NAME = re.compile(r"^dedicated_log_torch_trace_rank_(\d+)_(.+)\.log$")
_CACHE = re.compile(r"(fx_graph|aotautograd)_cache_(hit|miss|bypass|hash)")
_BREAK_AT = re.compile(r"^Graph break(?: \(.*?\))? in user code at (.+):(\d+)\s*$")
_COMPONENT = re.compile(r"^\[([^\]]*)\] ([^:]*): ?(.*)$", re.S)


def read_rank(path):
    """[(call id, phase, {"compiles": [...], "caches": [...]})] of one rank's log, per call marker:
    compiles = (compile id, FX graph payload hashes, break sites, recompile reasons) in log order,
    caches = (compile id, cache, outcome). Also checks that every record that names a rank names
    this file's rank."""
    rank = int(_LOG_NAME.match(os.path.basename(path)).group(1))
    records = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("\t"):
                if records:
                    records[-1][1].append(line[1:])
                continue
            m = _ENVELOPE.match(line)
            if m:
                records.append((json.loads(m.group(1)), []))
    calls, current = [], None
    for envelope, payload in records:
        if "rank" in envelope and envelope["rank"] != rank:
            raise AssertionError(f"{path}: a record of rank {envelope['rank']} in rank {rank}'s log")
        name = (envelope.get("artifact") or {}).get("name", "")
        if name == "compile_receipt_call":
            marker = json.loads("".join(payload))
            if marker["edge"] == "start":
                current = {"compiles": {}, "caches": []}
                calls.append((marker["id"], marker["phase"], current))
            else:
                current = None
            continue
        if current is None or "frame_id" not in envelope:
            continue
        cid = f"{envelope['frame_id']}/{envelope['frame_compile_id']}"
        compile_ = current["compiles"].setdefault(cid, {"graphs": [], "breaks": [], "reasons": []})
        if "dynamo_output_graph" in envelope:
            compile_["graphs"].append(envelope["has_payload"])
        elif name == "dynamo_graph_break_reason":
            for text in "".join(payload).splitlines():
                at = _BREAK_AT.match(text.strip())
                if at:
                    compile_["breaks"].append(f"{os.path.basename(at.group(1))}:{at.group(2)}")
                    break
        elif name == "recompile_reasons":       # a JSON list (2.6), or a lone reason as bare text (2.14)
            text = "".join(payload).strip()
            try:
                value = json.loads(text)
            except ValueError:
                value = text
            compile_["reasons"].extend(r.strip() for r in (value if isinstance(value, list) else [value]))
        m = _CACHE.fullmatch(name)
        if m:
            data = json.loads("".join(payload))
            current["caches"].append((cid, m.group(1), data["cache_state"] if m.group(2) == "hash" else m.group(2),
                                      data.get("key", "")))
    return [(cid, phase, {"compiles": sorted((k, tuple(v["graphs"]), tuple(v["breaks"]), tuple(v["reasons"]))
                                             for k, v in c["compiles"].items()),
                          "caches": sorted(set(c["caches"]))})
            for cid, phase, c in calls]


def _describe(call):
    parts = []
    for cid, graphs, breaks, reasons in call["compiles"]:
        text = f"compiled {cid}" + (f" ({len(graphs)} FX graph{'s' if len(graphs) != 1 else ''}" +
                                    (f", graph {graphs[0][:8]}" if len(graphs) == 1 else "") + ")" if graphs
                                    else " (no FX graph)")
        if breaks:
            text += f", graph break at {', '.join(breaks)}"
        if reasons:
            text += f", recompiled because {'; '.join(reasons)}"
        parts.append(text)
    caches = [f"{cache} {outcome} ({cid}, key {key[:12]})" for cid, cache, outcome, key in call["caches"]]
    if caches:
        parts.append("caches: " + ", ".join(caches))
    return "; ".join(parts) or "no compile"


def read_keys(path):
    """{"fx_graph 0/0": {name: hash}} of one rank's log: each cache lookup's key components (the first
    lookup of a cache by a compile id; none where the record lists none, as 2.14's AOTAutograd records)."""
    keys = {}
    payload, name, cid = None, None, None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    records, i = [], 0
    for line in lines:
        if line.startswith("\t"):
            if records:
                records[-1][1].append(line[1:])
            continue
        m = _ENVELOPE.match(line)
        if m:
            records.append((json.loads(m.group(1)), []))
    for envelope, payload in records:
        name = (envelope.get("artifact") or {}).get("name", "")
        m = _CACHE.fullmatch(name)
        if not m or "frame_id" not in envelope:
            continue
        data = json.loads("\n".join(payload))
        slot = f"{m.group(1)} {envelope['frame_id']}/{envelope['frame_compile_id']}"
        components = {}
        for text in data.get("components") or []:
            c = _COMPONENT.match(text)
            if c:
                components.setdefault(c.group(2), c.group(1))
        keys.setdefault(slot, components)
    return keys


def key_changes(reference, other):
    """The components whose hashes differ between two ranks' keys, per cache and compile both list components of:
    ["fx_graph 0/0: inductor_config[size_asserts]"]."""
    changes = []
    for slot in sorted(set(reference) & set(other)):
        a, b = reference[slot], other[slot]
        if not a or not b:
            continue
        for name in sorted(set(a) | set(b)):
            if a.get(name) != b.get(name):
                changes.append(f"{slot}: {name}")
    return changes


def _ranks(ranks):
    return f"rank {ranks[0]}" if len(ranks) == 1 else "ranks " + ", ".join(map(str, ranks))


def verdict(ranks):
    """(groups, kind, first divergence) of {rank: read_rank(...)}: groups of equal fingerprints
    (graph and cache parts), the largest first, ties by lowest rank; kind graph where the graph parts
    differ, cache where only the cache outcomes do, alike; the first call where they differ, in words."""
    graph_part = {r: [(c, p, x["compiles"]) for c, p, x in calls] for r, calls in ranks.items()}
    whole = {r: json.dumps(calls) for r, calls in ranks.items()}
    groups = {}
    for r in sorted(ranks):
        groups.setdefault(whole[r], []).append(r)
    grouped = sorted(groups.values(), key=lambda g: (-len(g), g[0]))
    if len(grouped) == 1:
        return grouped, "alike", None
    kind = "graph" if len({json.dumps(graph_part[g[0]]) for g in grouped}) > 1 else "cache"
    leaders = [g[0] for g in grouped]
    for i in range(max(len(ranks[r]) for r in leaders)):
        at = [ranks[r][i] if i < len(ranks[r]) else None for r in leaders]
        if len({json.dumps(a) for a in at}) > 1:
            first = next(a for a in at if a is not None)
            words = "; ".join(f"{_ranks(g)}: {_describe(a[2]) if a else 'no such call'}" for g, a in zip(grouped, at))
            return grouped, kind, f"call {first[0]} ({first[1]}): {words}"
    raise AssertionError("groups differ but no call does")


def run_job(scenario):
    os.makedirs(OUT, exist_ok=True)
    folder = os.path.join(OUT, f"ranks-{scenario}")
    shutil.rmtree(folder, ignore_errors=True)
    env = dict(os.environ, OMP_NUM_THREADS="1")     # 4 ranks on 2 cores: one thread each
    env.pop("TORCH_TRACE", None)
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
    env["TORCHINDUCTOR_AUTOGRAD_CACHE"] = "1"       # on by default in 2.14; 2.6 needs it
    started = time.monotonic()
    proc = subprocess.run([sys.executable, os.path.join(HERE, "run_ranks.py"), scenario, folder], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(OUT, f"ranks-{scenario}.log"), "w", encoding="utf-8") as f:
        f.write(proc.stdout)
    if proc.returncode != 0:
        raise AssertionError(f"ranks-{scenario} failed ({proc.returncode}); its output:\n{proc.stdout[-4000:]}")
    print(f"\n[ranks-{scenario}] captured in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return folder


class RanksTest(unittest.TestCase):
    def check(self, scenario):
        return self.derive(scenario, run_job(scenario))

    def derive(self, scenario, folder):
        names = sorted(os.listdir(folder))
        self.assertEqual(len(names), ranks_scenarios.WORLD, names)
        by_rank = {}
        for name in names:
            m = _LOG_NAME.match(name)
            self.assertIsNotNone(m, f"{folder}: {name} is not named dedicated_log_torch_trace_rank_<N>_<suffix>.log")
            by_rank[int(m.group(1))] = read_rank(os.path.join(folder, name))
        self.assertEqual(sorted(by_rank), list(range(ranks_scenarios.WORLD)))
        groups, kind, first = verdict(by_rank)
        self.assertEqual((groups, kind), EXPECTED[scenario], first)
        paths = {int(_LOG_NAME.match(n).group(1)): os.path.join(folder, n) for n in names}
        reference = read_keys(paths[groups[0][0]])
        changes = {str(g[0]): key_changes(reference, read_keys(paths[g[0]])) for g in groups[1:]}
        import torch
        release = ".".join(torch.__version__.split("+")[0].split(".")[:2])
        if release in EXPECTED_KEYS.get(scenario, {}):
            self.assertEqual(changes, EXPECTED_KEYS[scenario][release], first)
        with open(os.path.join(OUT, f"ranks-{scenario}.expect.json"), "w", encoding="utf-8") as f:
            json.dump({"torch": torch.__version__.split("+")[0], "ranks": len(by_rank), "groups": groups,
                       "kind": kind, "first_divergence": first, "key_changes": changes, "logs": names}, f, indent=1)
            f.write("\n")
        return first

    def test_1_alike(self):
        self.assertIsNone(self.check("alike"))

    def test_2_batch_size(self):
        self.check("batch-size")

    def test_3_branch_break(self):
        self.check("branch-break")

    def test_4_warm_cache(self):
        self.check("warm-cache")

    def test_5_rank_int(self):
        self.check("rank-int")

    def test_6_inductor_option(self):
        self.check("inductor-option")


if __name__ == "__main__":      # python3 test_ranks.py: the expect.json files again from the logs in OUT
    for scenario in EXPECTED:
        print(scenario, RanksTest().derive(scenario, os.path.join(OUT, f"ranks-{scenario}")))
