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
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

import compile_receipt_capture as crc  # noqa: E402
from compile_receipt_capture import breaks, call_events, structured_log  # noqa: E402
from compile_receipt_capture.breaks import Break  # noqa: E402


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

    def test_stages(self):
        ev = lambda t, c, e: t["runs"][0]["calls"][c]["events"][e]  # noqa: E731
        staged = good()
        ev(staged, 1, 0)["stages"] = {"dynamo": 80, "aot_autograd": 100, "inductor": 200, "codegen": 500}
        ev(staged, 2, 1)["stages"] = {"dynamo": 0.0}
        crc.validate_trace(staged)
        at = "/runs/0/calls/1/events/0/stages"
        self.refused(lambda t: ev(t, 1, 0).update(stages={"dynamo": 880, "codegen": 0.0001}), at,
                     "the stages add up to 880.0001 ms, more than compile_ms 880.0")
        self.refused(lambda t: ev(t, 1, 0).update(stages={"Dynamo": 1}), at, 'found "Dynamo"')
        self.refused(lambda t: ev(t, 1, 0).update(stages={"dynamo": -1}), at + "/dynamo", ">= 0")
        self.refused(lambda t: ev(t, 1, 0).update(stages=[1]), at, "an object of stage name")
        self.refused(lambda t: ev(t, 2, 0).update(stages={}), "/runs/0/calls/2/events/0/stages", "only allowed")

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
        paths = sorted(glob.glob(os.path.join(root, "*", "trace.json")) +
                       glob.glob(os.path.join(root, "*", "*", "trace.json")))
        if not paths:
            self.skipTest(f"no real traces under {root}")
        for path in paths:
            with open(path, encoding="utf-8") as f:
                crc.validate_trace(json.load(f))

    def test_break_payload_parsing(self):
        # 2.6: free text; the path exactly as PyTorch logged it
        payload = ("Graph break in user code at /rt/scenarios.py:31\n"
                   "Reason: Unsupported: builtin: print [<class 'x'>] True\nUser code traceback:\n  ...")
        self.assertEqual(breaks.parse_break(payload),
                         Break("/rt/scenarios.py", 31, "Unsupported: builtin: print [<class 'x'>] True"))
        self.assertEqual(breaks.parse_break("Graph break in user code at /rt/m.py:3\nUser code traceback:\n"
                                            "  Reason: not this"),
                         Break("/rt/m.py", 3, "graph break (no reason logged)"))
        self.assertIsNone(breaks.parse_break("something else"))
        # older logs: a restart reason and the resume frame's line; its first line when it has no Reason:
        self.assertEqual(breaks.restart_break("/rt/m.py", 7, "Unsupported: call_function BuiltinVariable(print)\nmore"),
                         Break("/rt/m.py", 7, "Unsupported: call_function BuiltinVariable(print)"))
        self.assertEqual(breaks.restart_break("/rt/m.py", 7, None), Break("/rt/m.py", 7, "graph break (no reason logged)"))
        self.assertEqual(breaks.resume_line("torch_dynamo_resume_in_block_at_19"), 19)
        self.assertIsNone(breaks.resume_line("block"))

    def test_structured_break_payload_parsing(self):
        # 2.14.1, as in real-traces/torch-2.14/print-bridge/torch_trace.log (blank lines included)
        payload = "\n".join([
            "Graph break (user stack suppressed due to duplicate graph break) in user code at /rt/scenarios.py:31",
            "Graph Break Reason: Encountered graph break when attempting to trace CALL_KW: a function call "
            "with keyword arguments, e.g. f(x=True):",
            "",
            "Failed to trace builtin operator",
            "  Explanation: Dynamo does not know how to trace builtin operator `print` with argument types "
            "['str'] (has_kwargs True)",
            "  Hint: Avoid calling builtin `print` with argument types ['str'].",
            "  Hint: If you are attempting to call a logging function (e.g. `print`), you can try adding it",
            "    to `torch._dynamo.config.reorderable_logging_functions`.",
            "  Hint: Please report an issue to PyTorch.",
            "",
            "  Developer debug context: builtin print [<class 'ConstantVariable'>] True",
            "",
            " For more details about this graph break, please visit: "
            "https://meta-pytorch.github.io/compile-graph-break-site/gb/gb0059.html",
            "",
            "User code traceback:",
            '  File "/rt/scenarios.py", line 31, in f',
            "  Explanation: not this one"])
        self.assertEqual(breaks.parse_break(payload), Break(
            path="/rt/scenarios.py", line=31, reason="Failed to trace builtin operator",
            gb_id="GB0059",
            explanation="Dynamo does not know how to trace builtin operator `print` with argument types "
                        "['str'] (has_kwargs True)",
            hints=("Avoid calling builtin `print` with argument types ['str'].",
                   "If you are attempting to call a logging function (e.g. `print`), you can try adding it\n"
                   "to `torch._dynamo.config.reorderable_logging_functions`.",
                   "Please report an issue to PyTorch."),
            # the user code traceback's innermost frame outside PyTorch
            user_frame=("/rt/scenarios.py", 31)))
        # a frame inside PyTorch is not the user's: the innermost one outside it is
        self.assertEqual(breaks.user_frame(["User code traceback:", '  File "/m/mymodel/layers.py", line 19, in block',
                                          "    d = Normal(y, s, validate_args=True)",
                                          '  File "/usr/lib/python3/dist-packages/torch/distributions/distribution.py",'
                                          ' line 68, in __init__', "", '  File "/after/the/block.py", line 1, in f']),
                         ("/m/mymodel/layers.py", 19))
        self.assertIsNone(breaks.user_frame(["Reason: no traceback"]))
        # a link of another form gives no gb_id (the trace stays valid)
        at = "Graph break in user code at /m.py:1\n"
        self.assertIsNone(breaks.parse_break(at + "T\n  Explanation: x\n see gb/gb12345.html").gb_id)
        # the type right on the reason line: the prefix goes
        self.assertEqual(breaks.parse_break(at + "Graph Break Reason: Data-dependent branching\n"
                                            "  Explanation: x\n  Hint: y").reason, "Data-dependent branching")
        # a structured fail_reason (the recompile limit on 2.14) names its type in a fallback
        c = structured_log.Compile("0/8")
        c.metrics = {"fail_type": "Unsupported", "has_guarded_code": None,
                     "fail_reason": "Dynamo recompile limit exceeded\n  Explanation: Dynamo attempted to recompile "
                                    "the code object too many times\n  Hint: h\n\n  Developer debug context: "
                                    "Limit type: recompile_limit\n\n see gb/gb0039.html"}
        self.assertFalse(c.made_variant)
        self.assertEqual(c.fallback_reason, "Unsupported: Dynamo recompile limit exceeded")

    def test_decision(self):
        decided = good()
        decided["decision"] = {"intervention": "compile with mode=max-autotune", "rollback_trigger": "p90 > 1 ms",
                               "warmup_policy": "one call", "owner": "decoder team", "worker_lifetime_calls": 50000}
        crc.validate_trace(decided)
        decision = lambda **d: (lambda t: t.update(decision=d))  # noqa: E731
        self.refused(decision(owner="x"), "/decision", '"intervention" is required')
        self.refused(decision(intervention="x", lifetime_calls=5), "/decision/lifetime_calls", "unknown key")
        self.refused(decision(intervention=" "), "/decision/intervention", "must not be empty or blank")
        self.refused(decision(intervention="x", owner=["a"]), "/decision/owner", "must be a string")
        self.refused(decision(intervention="x", worker_lifetime_calls=0), "/decision/worker_lifetime_calls", "at least 1")
        self.refused(decision(intervention="x", worker_lifetime_calls=10 ** 15 + 1), "/decision/worker_lifetime_calls",
                     "at most 1000000000000000")
        self.refused(decision(intervention="x", worker_lifetime_calls=5e4), "/decision/worker_lifetime_calls", "an integer")
        self.refused(decision(intervention="x", worker_lifetime_calls=True), "/decision/worker_lifetime_calls", "an integer")
        self.refused(lambda t: t.update(decision="fix it"), "/decision", "must be a JSON object")
        with self.assertRaises(crc.TraceError):
            crc.capture(lambda x: x, warmup=[(1,)], decision="fix it")

    def test_decision_is_checked_before_any_call_runs(self):
        # capture() refuses a bad decision before it imports torch (this host has none) or calls anything.
        calls = []
        with self.assertRaises(crc.TraceError) as caught:
            crc.capture(lambda x: calls.append(x), warmup=[(1,)], decision={"intervention": "x", "worker_lifetime_calls": 0})
        self.assertEqual(caught.exception.pointer, "/decision/worker_lifetime_calls")
        self.assertEqual(calls, [])

    def test_shipped_decision_fixtures_pass(self):
        fixtures = os.path.join(os.path.dirname(os.path.dirname(HERE)), "fixtures")
        if not os.path.isdir(fixtures):
            self.skipTest("fixtures/ is not mounted here (the chroot holds capture/ only); the host run checks them")
        for name in ("decision/trace.json", "decision/baseline-only.json", "rules/decision-valid.json"):
            with open(os.path.join(fixtures, name), encoding="utf-8") as f:
                crc.validate_trace(json.load(f))

    def test_recompile_reasons_payloads(self):
        # a JSON list (several reasons), and on 2.14 a lone reason as bare text despite "encoding": "json"
        self.assertEqual(structured_log.guard_failures('[\n"0/1: n == 2  ",\n"0/0: n == 1"\n]'), ["0/1: n == 2", "0/0: n == 1"])
        self.assertEqual(structured_log.guard_failures("0/0: n == 1    # x  # t/scenarios.py:65 in f\n\nUser stack trace:\n"
                                      '  File "/rt/scenarios.py", line 65, in f\n'),
                         ['0/0: n == 1    # x  # t/scenarios.py:65 in f\nUser stack trace:\n'
                          '  File "/rt/scenarios.py", line 65, in f'])
        self.assertEqual(structured_log.guard_failures("[not json"), ["[not json"])
        self.assertEqual(structured_log.guard_failures('"0/0: a"'), ["0/0: a"])
        self.assertEqual(structured_log.guard_failures(None), [])
        self.assertEqual(structured_log.guard_failures("  \n"), [])

    def test_sites(self):
        root = os.path.join(tempfile.gettempdir(), "fixture-root")
        inside = os.path.join(root, "pkg", "model.py")
        self.assertEqual(call_events.site(inside, 31), f"{inside}:31")          # as PyTorch logged it
        self.assertEqual(call_events.site(inside, 31, relative_to=root), "pkg/model.py:31")
        self.assertEqual(call_events.site(inside, 31, relative_to=root + os.sep), "pkg/model.py:31")
        other = os.path.join(tempfile.gettempdir(), "fixture-rootless", "m.py")
        self.assertEqual(call_events.site(other, 2, relative_to=root), f"{other}:2")   # not under it: unchanged
        self.assertEqual(call_events.site("<stdin>", 2, relative_to=root), "<stdin>:2")

    def test_structured_break_fields(self):
        ev = lambda t: t["runs"][0]["calls"][1]["events"][1]  # noqa: E731
        trace = good()
        ev(trace).update(gb_id="GB0059", explanation="Dynamo does not know how", hints=["a", "b"])
        crc.validate_trace(trace)
        self.refused(lambda t: ev(t).update(gb_id="gb0059"), "/runs/0/calls/1/events/1/gb_id", "upper case")
        self.refused(lambda t: ev(t).update(gb_id="GB59"), "/runs/0/calls/1/events/1/gb_id", "GBnnnn")
        self.refused(lambda t: ev(t).update(gb_id=59), "/runs/0/calls/1/events/1/gb_id", "string")
        self.refused(lambda t: ev(t).update(explanation=["x"]), "/runs/0/calls/1/events/1/explanation", "string")
        self.refused(lambda t: ev(t).update(hints="x"), "/runs/0/calls/1/events/1/hints", "array")
        self.refused(lambda t: ev(t).update(hints=["x", 2]), "/runs/0/calls/1/events/1/hints/1", "string")
        self.refused(lambda t: ev(t).update(hint=["x"]), "/runs/0/calls/1/events/1/hint", "unknown key")
        ev(trace).update(user_frame="mymodel/layers.py:19")
        crc.validate_trace(trace)
        self.refused(lambda t: ev(t).update(user_frame="mymodel/layers.py"), "/runs/0/calls/1/events/1/user_frame",
                     "file:line")


def warm():
    """good() with a warm start on the baseline: its eager and warmup calls again, every compile served
    by the caches (variants compiled anew in the fresh process, so 0/0 and 1/0 once more)."""
    trace = good()
    trace["runs"][0]["warm_start"] = {"calls": [
        {"id": "b00", "phase": "eager", "family": "base", "wall_ms": 0.1, "events": []},
        {"id": "b01", "phase": "warmup", "wall_ms": 90.5, "check": {"max_abs_err": 0.0, "ok": True},
         "events": [{"kind": "region", "graph": "0/0", "cache": "compile", "ms": 0.06, "compile_ms": 80.0,
                     "stages": {"dynamo": 20, "aot_autograd": 30, "inductor": 30, "codegen": 0},
                     "artifact_cache": {"fx_graph": "hit", "aotautograd": "hit"}},
                    {"kind": "break", "site": "m.py:31", "reason": "Unsupported: print", "eager_ms": 3.9},
                    {"kind": "region", "graph": "1/0", "cache": "compile", "ms": 0.04, "compile_ms": 10,
                     "artifact_cache": {"fx_graph": "miss"}}]},
        {"id": "b02", "phase": "warmup", "wall_ms": 0.2,
         "events": [{"kind": "fallback", "graph": "2/0", "reason": "x", "compile_ms": 1.5,
                     "artifact_cache": {"aotautograd": "bypass"}}]}]}
    return trace


class WarmStartValidateTest(unittest.TestCase):
    """A run's warm_start is held to the rules and limits of a run's calls, phases eager and warmup
    only, with the full message naming the pointer and the rule."""

    def refused(self, mutate, message, max_calls=crc.MAX_CALLS, max_events=crc.MAX_EVENTS_PER_CALL):
        trace = warm()
        mutate(trace)
        with self.assertRaises(crc.TraceError) as caught:
            crc.validate_trace(trace, max_calls, max_events)
        self.assertEqual(str(caught.exception), message)

    @staticmethod
    def calls(t):
        return t["runs"][0]["warm_start"]["calls"]

    def test_a_warm_start_with_cache_outcomes_passes(self):
        self.assertIs(crc.validate_trace(warm())["runs"][0]["warm_start"]["calls"][1]["events"][0]
                      ["artifact_cache"]["fx_graph"], "hit")
        trace = warm()      # the candidate may have one too, and the outcomes may be in the runs themselves
        trace["runs"][1]["warm_start"] = {"calls": [dict(trace["runs"][1]["calls"][0])]}
        trace["runs"][0]["calls"][1]["events"][0]["artifact_cache"] = {"fx_graph": "miss", "aotautograd": "miss"}
        crc.validate_trace(trace)

    def test_its_shape(self):
        at = "invalid compile-trace/1 at /runs/0/warm_start"
        self.refused(lambda t: t["runs"][0].update(warm_start=[]), f"{at}: must be a JSON object, found list")
        self.refused(lambda t: t["runs"][0]["warm_start"].update(runs=1),
                     f'{at}/runs: unknown key "runs" (allowed here: calls); a typo must never silently change a receipt')
        self.refused(lambda t: t["runs"][0].update(warm_start={}), f'{at}: "calls" is required')
        self.refused(lambda t: self.calls(t).clear(), f"{at}/calls: a run needs at least 1 call")
        self.refused(lambda t: t["runs"][0].update(warmstart={}),
                     'invalid compile-trace/1 at /runs/0/warmstart: unknown key "warmstart" (allowed here: calls, label, '
                     'warm_start); a typo must never silently change a receipt')

    def test_only_eager_and_warmup_calls(self):
        self.refused(lambda t: self.calls(t)[2].update(phase="steady"),
                     "invalid compile-trace/1 at /runs/0/warm_start/calls/2/phase: phase must be one of eager, warmup in "
                     "a warm start (it replays the eager control and warmup calls), found 'steady'")
        self.refused(lambda t: self.calls(t)[0]["events"].append({"kind": "region", "graph": "0/0", "cache": "hit", "ms": 0}),
                     'invalid compile-trace/1 at /runs/0/warm_start/calls/0/events/0/kind: an eager call runs no '
                     'compiled code: a "region" event is not allowed in phase eager')

    def test_the_limits_and_refusals_of_a_run(self):
        at = "invalid compile-trace/1 at /runs/0/warm_start/calls"
        more_calls = lambda t: self.calls(t).extend(  # noqa: E731
            {"id": f"e{i}", "phase": "eager", "wall_ms": 0.1, "events": []} for i in range(2))
        self.refused(more_calls, f"{at}: the run has 5 calls, over the limit of 4 calls per run (fewer calls per "
                                 "phase, or raise the limit on both sides: max_calls= here and the CLI's "
                                 "--max-calls when the trace is imported)", max_calls=4)
        more_events = lambda t: self.calls(t)[2]["events"].extend(  # noqa: E731
            [{"kind": "break", "site": "m.py:1", "reason": "r", "eager_ms": 0}] * 3)
        self.refused(more_events, f"{at}/2/events: the call has 4 events, over the limit of 3 events per call "
                                  "(raise it on both sides: max_events= here and the CLI's --max-events when the "
                                  "trace is imported)", max_events=3)
        self.refused(lambda t: self.calls(t)[2].update(id="b01"),
                     f'{at}/2/id: call id "b01" is used twice in this run; ids must be unique within a run')
        self.refused(lambda t: self.calls(t)[2]["events"].append(dict(self.calls(t)[1]["events"][2])),
                     f"{at}/2/events/1/graph: graph 1/0 is compiled twice in this run; a variant is compiled once, "
                     "later calls hit it")
        self.refused(lambda t: self.calls(t)[1].update(wall_ms=-1), f"{at}/1/wall_ms: must be >= 0, found -1")
        self.refused(lambda t: self.calls(t)[1]["events"][0].update(compile_ms=50.0),
                     f"{at}/1/events/0/stages: the stages add up to 80 ms, more than compile_ms 50.0: a stage cannot "
                     "claim time the compile did not take")

    def test_artifact_cache(self):
        at = "invalid compile-trace/1 at /runs/0/warm_start/calls/1/events/0/artifact_cache"
        ev = lambda t: self.calls(t)[1]["events"][0]  # noqa: E731
        self.refused(lambda t: ev(t).update(artifact_cache={"fx_graph": "warm"}),
                     f"{at}/fx_graph: a cache outcome is hit, miss or bypass, found 'warm'")
        self.refused(lambda t: ev(t).update(artifact_cache={"inductor": "hit"}),
                     f'{at}/inductor: unknown key "inductor" (allowed here: aotautograd, fx_graph); a typo must never '
                     'silently change a receipt')
        self.refused(lambda t: ev(t).update(artifact_cache=["hit"]),
                     f"{at}: artifact_cache must be an object of cache (fx_graph, aotautograd) to outcome (hit, miss, bypass)")
        self.refused(lambda t: self.calls(t)[2]["events"][0].update(artifact_cache={"aotautograd": None}),
                     "invalid compile-trace/1 at /runs/0/warm_start/calls/2/events/0/artifact_cache/aotautograd: a cache "
                     "outcome is hit, miss or bypass, found None")
        # a hit compiled nothing, in a run as in a warm start
        self.refused(lambda t: t["runs"][0]["calls"][2]["events"][0].update(artifact_cache={"fx_graph": "hit"}),
                     'invalid compile-trace/1 at /runs/0/calls/2/events/0/artifact_cache: artifact_cache is only '
                     'allowed with cache "compile": nothing was compiled')


class TorchTraceReaderTest(unittest.TestCase):
    """The tests' own TORCH_TRACE reader (test_real_torch.read_torch_trace) on the shared real logs of
    both releases: per call, the compile ids that made a variant and those that made none, as
    truth.json (PyTorch's own view of the same process) has them."""

    def test_shared_real_logs(self):
        import test_real_torch as rt
        root = os.environ.get("COMPILE_RECEIPT_REAL_TRACES",
                              os.path.join(HERE, "..", "..", "..", "shared", "real-traces"))
        folders = sorted(os.path.dirname(p) for p in glob.glob(os.path.join(root, "**", "truth.json"),
                                                               recursive=True))
        if not folders:
            self.skipTest(f"no real traces under {root}")
        for folder in folders:
            with open(os.path.join(folder, "truth.json"), encoding="utf-8") as f:
                truth = json.load(f)
            with open(os.path.join(folder, "trace.json"), encoding="utf-8") as f:
                structured = rt.torch_release(json.load(f)["fixture"]["torch"]) >= (2, 8)
            log = rt.read_torch_trace(os.path.join(folder, "torch_trace.log"))
            for label, run in truth["runs"].items():
                for call in run["calls"]:
                    got = log[(label, call["id"])]
                    made = sorted(cid for cid, m in got["metrics"].items() if rt.made_variant(m))
                    none = sorted([cid for cid, m in got["metrics"].items() if not rt.made_variant(m)] +
                                  [cid for cid in got["recompile_reasons"] if cid not in got["metrics"]])
                    self.assertEqual((made, none), (sorted(call["compiled"]), sorted(call["fallbacks"])),
                                     f"{folder} {label} {call['id']}")
                    for cid, reasons in got["recompile_reasons"].items():
                        self.assertTrue(reasons and all(r == r.strip() and r for r in reasons), (cid, reasons))
                    for breaks in got["breaks"].values():
                        for brk in breaks:
                            self.assertRegex(brk["site"], r"^/rt/scenarios\.py:\d+$")
                            self.assertEqual("gb_id" in brk, structured, brk)
                            if structured:
                                self.assertEqual(brk["reason"], "Failed to trace builtin operator")
                                self.assertEqual(brk["gb_id"], "GB0059")
                            else:
                                self.assertIn("print", brk["reason"])
            if "int-spec" in folder:    # a lone reason on 2.14 (bare text) is one reason, as on 2.6
                first = log[("baseline", truth["runs"]["baseline"]["calls"][4]["id"])]["recompile_reasons"]
                self.assertEqual([len(r) for r in first.values()], [1], first)
                self.assertTrue(next(iter(first.values()))[0].startswith("0/0: "), first)

    def test_reader_rules(self):
        import test_real_torch as rt
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "t.log")
            pre = "V1201 06:04:29.207000 1 torch/x.py:1] "
            marker = lambda edge: pre + json.dumps({"artifact": {"name": "compile_receipt_call", "encoding": "json"},  # noqa: E731
                                                    "has_payload": "x"}) + "\n\t" + json.dumps(
                {"run": "baseline", "id": "b00", "phase": "warmup", "edge": edge}) + "\n"
            lines = [marker("start"),
                     pre + '{"artifact": {"name": "inductor_provenance_tracking_node_mappings", "encoding": "json"}, '
                           '"frame_id": 0, "frame_compile_id": 0}\n',
                     pre + '{"artifact": {"name": "recompile_reasons", "encoding": "json"}, "frame_id": 0, '
                           '"frame_compile_id": 1, "has_payload": "x"}\n\t  0/0: n == 1\n\t\n\tUser stack trace:   \n',
                     pre + '{"compilation_metrics_runtime": {"has_guarded_code": true}, "frame_id": 0, "frame_compile_id": 1}\n',
                     pre + '{"bwd_compilation_metrics": {}, "frame_id": 0, "frame_compile_id": 1}\n',
                     pre + '{"compilation_metrics": {"has_guarded_code": true}, "frame_id": 0, "frame_compile_id": 1}\n',
                     marker("end")]
            with open(path, "w", encoding="utf-8") as f:
                f.write("".join(lines))
            call = rt.read_torch_trace(path)[("baseline", "b00")]
            self.assertEqual(call["recompile_reasons"], {"0/1": ["0/0: n == 1\nUser stack trace:"]})
            self.assertEqual(list(call["metrics"]), ["0/1"])
            self.assertEqual(call["attempts"], {"0/0": {0}, "0/1": {0}})


if __name__ == "__main__":
    unittest.main()
