"""The trace validator mirrors section 2 of the contract: run with any python3 (no torch needed).

    python3 -m unittest discover -s capture/tests -p 'test_validate.py'
"""

import copy
import glob
import json
import math
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import compile_receipt_capture as crc  # noqa: E402


def good():
    return {
        "format": "compile-trace/1",
        "fixture": {"name": "t", "device": "cpu", "tolerance": {"atol": 1e-3, "rtol": 0}},
        "runs": [{"label": "baseline", "calls": [
            {"id": "b00", "phase": "eager", "family": "base", "wall_ms": 0.1, "events": []},
            {"id": "b01", "phase": "warmup", "wall_ms": 900.5, "check": {"max_abs_err": 0.0, "ok": True},
             "events": [{"kind": "region", "graph": "0/0", "cache": "compile", "ms": 0.06, "compile_ms": 880.0},
                        {"kind": "break", "site": "m.py:31", "reason": "Unsupported: print", "eager_ms": 3.9},
                        {"kind": "region", "graph": "1/0", "cache": "compile", "ms": 0.04, "compile_ms": 10}]},
            {"id": "b02", "phase": "steady", "wall_ms": 0.3,
             "events": [{"kind": "region", "graph": "0/0", "cache": "hit", "ms": 0.05},
                        {"kind": "fallback", "graph": "2/0", "reason": "x", "compile_ms": 0.0,
                         "guard_failures": ["g"]}]},
            {"id": "b03", "phase": "changed", "family": "n16", "wall_ms": 800,
             "events": [{"kind": "region", "graph": "0/1", "cache": "compile", "ms": 0.05, "compile_ms": 700,
                         "guard_failures": ["0/0: size mismatch"]}]}]},
            {"label": "candidate", "calls": [
                {"id": "c00", "phase": "warmup", "wall_ms": 1, "events": [
                    {"kind": "region", "graph": "0/0", "cache": "compile", "ms": 0.05, "compile_ms": 1}]}]}]}


class ValidateTest(unittest.TestCase):
    def refused(self, mutate, pointer, words):
        trace = good()
        mutate(trace)
        with self.assertRaises(crc.TraceError) as caught:
            crc.validate_trace(trace)
        self.assertEqual(caught.exception.pointer, pointer, str(caught.exception))
        self.assertIn(words, str(caught.exception))

    def test_good_trace_passes(self):
        crc.validate_trace(good())

    def test_format_and_fixture(self):
        self.refused(lambda t: t.update(format="compile-trace/2"), "/format", "exactly")
        self.refused(lambda t: t["fixture"].update(name=""), "/fixture/name", "empty")
        self.refused(lambda t: t["fixture"].pop("name"), "/fixture", '"name" is required')
        self.refused(lambda t: t["fixture"].update(devcie="cpu"), "/fixture/devcie", "unknown key")
        self.refused(lambda t: t["fixture"].update(torch=2.6), "/fixture/torch", "string")
        self.refused(lambda t: t["fixture"]["tolerance"].update(atol=-1), "/fixture/tolerance/atol", ">= 0")
        self.refused(lambda t: t.update(extra=1), "/extra", "unknown key")

    def test_runs(self):
        self.refused(lambda t: t.update(runs=[]), "/runs", "1 or 2")
        self.refused(lambda t: t["runs"][1].update(label="baseline"), "/runs/1/label", "twice")
        self.refused(lambda t: t["runs"][0].update(label="cand"), "/runs/0/label", "must be")
        self.refused(lambda t: t["runs"].pop(0), "/runs", "baseline")
        self.refused(lambda t: t["runs"][0].update(calls=[]), "/runs/0/calls", "at least 1")

    def test_call_limits_and_ids(self):
        def many(t):
            t["runs"][0]["calls"] = [{"id": f"b{i}", "phase": "eager", "wall_ms": 1, "events": []} for i in range(65)]
        self.refused(many, "/runs/0/calls", "limit of 64")

        def events(t):
            t["runs"][0]["calls"][2]["events"] = [{"kind": "region", "graph": "0/0", "cache": "hit", "ms": 0}] * 17
        self.refused(events, "/runs/0/calls/2/events", "limit of 16")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(id="b00"), "/runs/0/calls/1/id", "twice")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(id=""), "/runs/0/calls/1/id", "empty")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(phase="cold"), "/runs/0/calls/1/phase", "one of")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(wall_ms=math.nan), "/runs/0/calls/1/wall_ms", "NaN")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(wall_ms=math.inf), "/runs/0/calls/1/wall_ms", "NaN")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(wall_ms=True), "/runs/0/calls/1/wall_ms", "number")
        self.refused(lambda t: t["runs"][0]["calls"][1].pop("wall_ms"), "/runs/0/calls/1", "wall_ms")
        self.refused(lambda t: t["runs"][0]["calls"][1]["check"].update(ok="yes"), "/runs/0/calls/1/check/ok", "true or false")
        self.refused(lambda t: t["runs"][0]["calls"][1]["check"].update(max_abs_err=-0.1),
                     "/runs/0/calls/1/check/max_abs_err", ">= 0")
        self.refused(lambda t: t["runs"][0]["calls"][1].update(wal_ms=1), "/runs/0/calls/1/wal_ms", "unknown key")

    def test_events(self):
        ev = lambda t, c, e: t["runs"][0]["calls"][c]["events"][e]  # noqa: E731
        self.refused(lambda t: ev(t, 1, 0).update(graph="0-0"), "/runs/0/calls/1/events/0/graph", "F/V")
        self.refused(lambda t: ev(t, 1, 0).update(graph="00/1"), "/runs/0/calls/1/events/0/graph", "F/V")
        self.refused(lambda t: ev(t, 1, 0).update(graph="-1/0"), "/runs/0/calls/1/events/0/graph", "F/V")
        self.refused(lambda t: ev(t, 1, 0).pop("compile_ms"), "/runs/0/calls/1/events/0", "compile_ms is required")
        self.refused(lambda t: ev(t, 2, 0).update(compile_ms=1), "/runs/0/calls/2/events/0/compile_ms", "absent")
        self.refused(lambda t: ev(t, 2, 0).update(guard_failures=[]), "/runs/0/calls/2/events/0/guard_failures", "only")
        self.refused(lambda t: ev(t, 2, 0).update(cache="miss"), "/runs/0/calls/2/events/0/cache", "hit")
        self.refused(lambda t: ev(t, 1, 1).update(site="model.py"), "/runs/0/calls/1/events/1/site", "file:line")
        self.refused(lambda t: ev(t, 1, 1).pop("eager_ms"), "/runs/0/calls/1/events/1", "eager_ms")
        self.refused(lambda t: ev(t, 2, 1).pop("compile_ms"), "/runs/0/calls/2/events/1", "compile_ms")
        self.refused(lambda t: ev(t, 2, 1).update(guard_failures=[1]), "/runs/0/calls/2/events/1/guard_failures/0", "string")
        self.refused(lambda t: ev(t, 1, 0).update(kind="graph"), "/runs/0/calls/1/events/0/kind", "region, break or fallback")
        self.refused(lambda t: ev(t, 1, 0).update(note="x"), "/runs/0/calls/1/events/0/note", "unknown key")

    def test_eager_calls_run_no_compiled_code(self):
        region = {"kind": "region", "graph": "0/0", "cache": "hit", "ms": 0}
        self.refused(lambda t: t["runs"][0]["calls"][0]["events"].append(region),
                     "/runs/0/calls/0/events/0/kind", "eager")

    def test_same_variant_compiled_twice(self):
        again = {"kind": "region", "graph": "0/1", "cache": "compile", "ms": 0, "compile_ms": 1}
        self.refused(lambda t: t["runs"][0]["calls"][2]["events"].append(again),
                     "/runs/0/calls/3/events/0/graph", "compiled twice")
        # ... but each run has its own compile ids (Dynamo is reset between runs)
        crc.validate_trace(good())

    def test_write_refuses_and_writes_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.json")
            bad = good()
            bad["runs"][0]["calls"][1]["wall_ms"] = -1
            with self.assertRaises(crc.TraceError):
                crc.write_trace(bad, path)
            self.assertFalse(os.path.exists(path))
            crc.write_trace(good(), path)
            with open(path, encoding="utf-8") as f:
                self.assertEqual(json.load(f), good())

    def test_shared_real_traces_pass(self):
        root = os.environ.get("COMPILE_RECEIPT_REAL_TRACES",
                              os.path.join(HERE, "..", "..", "..", "shared", "real-traces"))
        paths = sorted(glob.glob(os.path.join(root, "*", "trace.json")))
        if not paths:
            self.skipTest(f"no real traces under {root}")
        for path in paths:
            with open(path, encoding="utf-8") as f:
                crc.validate_trace(json.load(f))

    def test_break_payload_parsing(self):
        payload = ("Graph break in user code at /rt/scenarios.py:31\n"
                   "Reason: Unsupported: builtin: print [<class 'x'>] True\nUser code traceback:\n  ...")
        self.assertEqual(crc._parse_break(payload),
                         ("scenarios.py:31", "Unsupported: builtin: print [<class 'x'>] True"))


if __name__ == "__main__":
    unittest.main()
