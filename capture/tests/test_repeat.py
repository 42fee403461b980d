"""Issue #45's repeated captures against real PyTorch: ``--repeat 5`` of two scenarios
(repeat_inputs.REPEATED, their baseline runs) through the command line, each run in a fresh process with fresh cache
folders; the five traces of a scenario must hold the same calls, compiles, breaks and check outcomes
(the counts of one run repeated) and differ only in times, which is what time bands are made of.

    python3 -m unittest -v test_repeat        (from capture/tests, with torch installed)

OUT is $COMPILE_RECEIPT_OUT/repeat (else capture/out/repeat): repeat-<scenario>/<scenario>.<i>.json
(i = 1..5) and repeat-<scenario>.log (the command's output).
"""

import json
import os
import shutil
import subprocess
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src")
OUT = os.path.join(os.environ.get("COMPILE_RECEIPT_OUT", os.path.join(os.path.dirname(HERE), "out")), "repeat")
sys.path.insert(0, HERE)
import repeat_inputs  # noqa: E402

RUNS = 5


def counts(trace):
    """What must not change between repeated runs: per run and call, the id, phase, family, the
    events without times (kind, graph, cache, site) and the check's outcome."""
    out = []
    for run in trace["runs"]:
        for call in run["calls"]:
            events = [(e["kind"], e.get("graph"), e.get("cache"), e.get("site")) for e in call["events"]]
            out.append((run["label"], call["id"], call["phase"], call["family"], events,
                        (call.get("check") or {}).get("ok")))
    return out


class RepeatTest(unittest.TestCase):
    def check(self, scenario):
        baseline, inputs = repeat_inputs.REPEATED[scenario]
        folder = os.path.join(OUT, f"repeat-{scenario}")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        env = dict(os.environ, PYTHONPATH=SRC)
        env.pop("TORCH_TRACE", None)
        env.pop("TORCH_LOGS", None)
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
        started = time.monotonic()
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module", "repeat_inputs.py",
                               "--baseline", baseline, "--inputs", inputs,
                               "--name", scenario, "--relative-to", HERE, "--repeat", str(RUNS),
                               "--out", os.path.join(folder, f"{scenario}.json")],
                              cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        with open(os.path.join(OUT, f"repeat-{scenario}.log"), "w", encoding="utf-8") as f:
            f.write(proc.stdout)
        self.assertEqual(proc.returncode, 0, proc.stdout[-4000:])
        print(f"\n[repeat-{scenario}] {RUNS} runs in {time.monotonic() - started:.0f} s", file=sys.stderr)
        self.assertEqual(sorted(os.listdir(folder)), [f"{scenario}.{i}.json" for i in range(1, RUNS + 1)])
        self.assertEqual([line for line in proc.stdout.splitlines() if line.startswith("run ")],
                         [f"run {i} of {RUNS}:" for i in range(1, RUNS + 1)])
        traces = []
        for i in range(1, RUNS + 1):
            with open(os.path.join(folder, f"{scenario}.{i}.json"), encoding="utf-8") as f:
                traces.append(json.load(f))
        first = counts(traces[0])
        compiles = sum(1 for *_, events, _ in first for e in events if e[0] == "region" and e[2] == "compile")
        self.assertGreater(compiles, 0)
        for i, trace in enumerate(traces[1:], 2):
            self.assertEqual(counts(trace), first, f"run {i} of {scenario} differs from run 1 in more than times")
        walls = [sum(c["wall_ms"] for r in t["runs"] for c in r["calls"]) for t in traces]
        self.assertEqual(len(set(walls)), RUNS, f"{scenario}: five runs with equal wall times {walls}: not measured anew")

    def test_1_print_bridge(self):
        self.check("print-bridge")

    def test_2_int_spec(self):
        self.check("int-spec")


if __name__ == "__main__":
    unittest.main()
