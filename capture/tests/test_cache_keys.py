"""Issue #46's warm pairs against real PyTorch: for each change of keys_scenarios (none, threads,
inductor-option, code, dtype, shape) a cold process and a warm process with that change
(run_keys.py, each pair in a fresh process with TORCH_TRACE set), then the cache records of both logs
read independently of the helper: each warm miss's key components against the cold process's record
of the same compile id and cache, by name and hash. The components that differ must be the ones this
release is known to put in its key for that change (EXPECTED, read off real logs of both releases),
and nothing else. Writes, beside the captures, keys-<change>.expect.json for the Java side's tests.

    python3 -m unittest -v test_cache_keys        (from capture/tests, with torch installed)

OUT is $COMPILE_RECEIPT_OUT/keys (else capture/out/keys): keys-<change>.json (the trace),
keys-<change>-torch-trace/*.log (cold), keys-<change>-torch-trace/warm/*.log (warm),
keys-<change>.counters.json, keys-<change>.log (the output), keys-<change>.expect.json.
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
OUT = os.path.join(os.environ.get("COMPILE_RECEIPT_OUT", os.path.join(os.path.dirname(HERE), "out")), "keys")
SUITES = {"2.6": "trixie", "2.14": "sid"}

# Per release (major.minor) and change: {cache: the components whose hash differs on every warm miss
# of that cache, or None where the release lists no components for it (a miss not measured)}; a cache
# absent from the dict hits in the warm process. Read off the real logs of the pairs (2.6: trixie, 2.14: sid).
EXPECTED = {
    "2.6": {      # the AOTAutograd cache on (TORCHINDUCTOR_AUTOGRAD_CACHE=1); its key lists components too
        "none": {},
        "threads": {},      # 2.6's keys hold no thread count: the warm start hits, nothing may be claimed
        "inductor-option": {"fx_graph": ["inductor_config[size_asserts]"],
                            "aotautograd": ["inductor_config[size_asserts]"]},
        "code": {"fx_graph": ["gm"], "aotautograd": ["gm"]},
        "dtype": {"fx_graph": ["example_inputs[0]"], "aotautograd": ["example_inputs[0]"]},
        "shape": {"fx_graph": ["example_inputs[0]"], "aotautograd": ["example_inputs[0]"]},
    },
    "2.14": {
        "none": {},
        "threads": {"fx_graph": ["cpp_runtime_thread_count"], "aotautograd": None},
        "inductor-option": {"fx_graph": ["inductor_config[size_asserts]"], "aotautograd": None},
        "code": {"fx_graph": ["gm"], "aotautograd": None},
        "dtype": {"fx_graph": ["example_inputs[0]"], "aotautograd": None},
        "shape": {"fx_graph": ["example_inputs[0]"], "aotautograd": None},
    },
}

_ENVELOPE = re.compile(r"^[A-Z]\d{4} [^\]]*\] (\{.*\})\s*$")
_CACHE_RECORD = re.compile(r"(fx_graph|aotautograd)_cache_(hit|miss|bypass|hash)")
_COMPONENT = re.compile(r"\[(\w+)\] (.*?): (.*)", re.S)


def cache_records(path):
    """The cache records of a TORCH_TRACE log, in order: (compile id, cache, outcome, key, {component
    name: (hash, value)}). Artifacts fx_graph_cache_<outcome>, aotautograd_cache_<outcome> (2.14) and
    aotautograd_cache_hash (2.6, its outcome in cache_state); each component is "[hash] name: value"."""
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
    found = []
    for envelope, payload in records:
        m = _CACHE_RECORD.fullmatch((envelope.get("artifact") or {}).get("name", ""))
        if not m:
            continue
        data = json.loads("".join(payload))
        outcome = data["cache_state"] if m.group(2) == "hash" else m.group(2)
        components = {}
        for text in data.get("components") or []:
            c = _COMPONENT.fullmatch(text)
            if not c:
                raise AssertionError(f"{path}: a key component that is not '[hash] name: value': {text[:200]!r}")
            components[c.group(2)] = (c.group(1), c.group(3))
        found.append((f"{envelope['frame_id']}/{envelope['frame_compile_id']}", m.group(1), outcome, data.get("key"),
                      components))
    return found


def key_changes(cold, warm):
    """{cache: sorted names of the components that differ on the warm misses of that cache (None where a
    miss and its counterpart list no components)}, and the outcomes {cache: sorted outcomes} of the warm
    records. A warm miss is matched to the first cold record of the same compile id and cache."""
    changes, outcomes = {}, {}
    for cid, cache, outcome, key, components in warm:
        outcomes.setdefault(cache, set()).add(outcome)
        if outcome == "hit":
            continue
        counterpart = next((r for r in cold if r[0] == cid and r[1] == cache), None)
        if counterpart is None:
            raise AssertionError(f"the warm {cache} {outcome} of {cid} has no counterpart in the cold log")
        if not components and not counterpart[4]:
            changes.setdefault(cache, None)
            continue
        names = {n for n in set(components) | set(counterpart[4])
                 if components.get(n, (None,))[0] != counterpart[4].get(n, (None,))[0]}
        if changes.get(cache) is None:
            changes[cache] = set()
        changes[cache] |= names
    return ({c: sorted(v) if v is not None else None for c, v in changes.items()},
            {c: sorted(v) for c, v in outcomes.items()})


def one_log(folder):
    logs = glob.glob(os.path.join(folder, "*.log"))
    if len(logs) != 1:
        raise AssertionError(f"expected one TORCH_TRACE log in {folder}, found {logs}")
    return logs[0]


def run_pair(change):
    """Runs keys-<change> in a fresh process; returns (torch version, the key changes, the warm outcomes)."""
    os.makedirs(OUT, exist_ok=True)
    trace_dir = os.path.join(OUT, f"keys-{change}-torch-trace")
    shutil.rmtree(trace_dir, ignore_errors=True)
    env = dict(os.environ, TORCH_TRACE=trace_dir, OMP_NUM_THREADS="1")
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")    # 2 cores: no compile worker pool
    env["TORCHINDUCTOR_AUTOGRAD_CACHE"] = "1"               # on by default in 2.14; 2.6 needs it
    started = time.monotonic()
    proc = subprocess.run([sys.executable, os.path.join(HERE, "run_keys.py"), change, OUT], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(OUT, f"keys-{change}.log"), "w", encoding="utf-8") as f:
        f.write(proc.stdout)
    if proc.returncode != 0:
        raise AssertionError(f"keys-{change} failed ({proc.returncode}); its output:\n{proc.stdout[-4000:]}")
    print(f"\n[keys-{change}] captured in {time.monotonic() - started:.0f} s", file=sys.stderr)
    with open(os.path.join(OUT, f"keys-{change}.counters.json"), encoding="utf-8") as f:
        counted = json.load(f)
    cold = cache_records(one_log(trace_dir))
    warm = cache_records(one_log(os.path.join(trace_dir, "warm")))
    if not cold or any(r[2] != "miss" for r in cold):
        raise AssertionError(f"keys-{change}: the cold process must miss every cache it looks up: "
                             f"{[(r[0], r[1], r[2]) for r in cold]}")
    changes, outcomes = key_changes(cold, warm)
    return counted, changes, outcomes


def release(version):
    return ".".join(version.split("+")[0].split(".")[:2])


class CacheKeysTest(unittest.TestCase):
    def check(self, change):
        counted, changes, outcomes = run_pair(change)
        version = counted["torch"]
        expected = EXPECTED.get(release(version))
        self.assertIsNotNone(expected, f"torch {version}: no expectation for this release; seen {changes}, {outcomes}")
        self.assertEqual(counted["warm_env"], __import__("keys_scenarios").WARM_ENV[change])
        self.assertEqual(changes, expected[change], f"torch {version}, {change}: warm outcomes {outcomes}")
        for cache in ("fx_graph", "aotautograd"):
            self.assertEqual(outcomes.get(cache), ["miss"] if cache in expected[change] else ["hit"],
                             f"torch {version}, {change}: {cache} {outcomes}")
        names = sorted({n for v in changes.values() if v for n in v})
        expect = {"suite": SUITES.get(release(version), "unknown"), "torch": version.split("+")[0], "change": change,
                  "warm_env": counted["warm_env"], "expected_components": names,
                  "caches": {cache: ("hit" if cache not in changes else "not measured" if changes[cache] is None
                                     else "miss") for cache in ("fx_graph", "aotautograd")},
                  "outcomes": {cache: outcomes[cache] for cache in sorted(outcomes)},
                  "components": changes}
        with open(os.path.join(OUT, f"keys-{change}.expect.json"), "w", encoding="utf-8") as f:
            json.dump(expect, f, indent=1, sort_keys=True)
            f.write("\n")

    def test_1_none(self):
        self.check("none")

    def test_2_threads(self):
        self.check("threads")

    def test_3_inductor_option(self):
        self.check("inductor-option")

    def test_4_code(self):
        self.check("code")

    def test_5_dtype(self):
        self.check("dtype")

    def test_6_shape(self):
        self.check("shape")

    def test_7_command_line_warm_env(self):
        # --warm-start --warm-env: the warm process alone runs with the variable; the command line says so
        folder = os.path.join(OUT, "cli-warm-env")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        env = dict(os.environ, TORCH_TRACE=os.path.join(folder, "torch-trace"), OMP_NUM_THREADS="1",
                   PYTHONPATH=os.path.join(os.path.dirname(HERE), "src"))
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module", "cli_model.py",
                               "--baseline", "double_then_tanh", "--out", os.path.join(folder, "cli.json"),
                               "--eager", "1", "--dynamic", "false", "--warm-start",
                               "--warm-env", "TORCHINDUCTOR_SIZE_ASSERTS=0"],
                              env=env, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout[-3000:])
        self.assertRegex(proc.stdout, r"baseline warm start with TORCHINDUCTOR_SIZE_ASSERTS=0: 2 calls, 1 compiles, "
                                      r"warmup \d+\.\d ms \(first process: \d+\.\d ms\); cache outcomes "
                                      r"(aotautograd miss 1, )?fx_graph miss 1\n")
        cold = cache_records(one_log(os.path.join(folder, "torch-trace")))
        warm = cache_records(one_log(os.path.join(folder, "torch-trace", "warm")))
        self.assertEqual(key_changes(cold, warm)[0]["fx_graph"], ["inductor_config[size_asserts]"])


if __name__ == "__main__":
    unittest.main()
