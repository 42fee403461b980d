"""A call's events from its profiler spans and structured-log records
(compile_receipt_capture.call_events), on spans and records written by hand: no torch needed.

    python3 -m unittest test_call_events          (from capture/tests)
"""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

from compile_receipt_capture import structured_log  # noqa: E402
from compile_receipt_capture.call_events import CaptureError, RunHistory, events_of_call  # noqa: E402
from compile_receipt_capture.profiler_spans import Span, regions_of_call  # noqa: E402

BREAK = "Graph break in user code at /m/model.py:3\nReason: Unsupported: builtin: print\nUser code traceback:\n"


def record(ns, cid, kind, value=None, payload=None):
    frame, variant = cid.split("/")
    metadata = {"frame_id": int(frame), "frame_compile_id": int(variant), "attempt": 0}
    if kind.startswith("artifact:"):
        metadata["artifact"] = {"name": kind.split(":", 1)[1], "encoding": "string"}
    else:
        metadata[kind] = value if value is not None else {}
    return ns, metadata, payload


def compiled(ns, cid, seconds, graph=True, guarded=True):
    """The records of one compile: start, (FX graph), metrics."""
    out = [record(ns, cid, "dynamo_start")]
    if graph:
        out.append(record(ns + 1, cid, "dynamo_output_graph"))
    out.append(record(ns + 2, cid, "compilation_metrics", {"has_guarded_code": guarded, "fail_type": None,
                                                           "entire_frame_compile_time_s": seconds}))
    return out


# One call (profiler us; the call starts at 1000 us, t0 = 0 ns): region 0/0 runs its graph, breaks,
# Dynamo compiles the resume frame 1/0 (a compile span in the gap), whose region runs nested in 0/0.
SPANS = [Span("compile_receipt_call", 1000.0, 2000.0, 1),
         Span("Torch-Compiled Region: 0/0", 1100.0, 1500.0, 1),
         Span("graph_0_inductor_wrapper_call", 1110.0, 1200.0, 1),
         Span("compile_fx (dynamo_timed)", 1210.0, 1250.0, 1),
         Span("Torch-Compiled Region: 1/0", 1300.0, 1450.0, 1),
         Span("graph_1_inductor_wrapper_call", 1310.0, 1400.0, 1)]
RECORDS = (compiled(100_000, "0/0", 0.5)[:1] + [record(100_001, "0/0", "artifact:dynamo_graph_break_reason", payload=BREAK)]
           + compiled(100_000, "0/0", 0.5)[1:] + compiled(250_000, "1/0", 0.25))
REGION_00 = {"kind": "region", "graph": "0/0", "cache": "compile", "ms": 0.09, "compile_ms": 500.0}
BREAK_EVENT = {"kind": "break", "site": "/m/model.py:3", "reason": "Unsupported: builtin: print", "eager_ms": 0.06}
REGION_10 = {"kind": "region", "graph": "1/0", "cache": "compile", "ms": 0.09, "compile_ms": 250.0}


def events(records, spans=SPANS, history=None):
    return events_of_call("b01", regions_of_call(spans), records, 0, history or RunHistory())


class CallEventsTest(unittest.TestCase):
    maxDiff = None

    def test_regions_and_the_island_between_them(self):
        # the island runs from the end of 0/0's graph (1200) to 1/0's start (1300), less the compile (40)
        self.assertEqual(events(RECORDS), [REGION_00, BREAK_EVENT, REGION_10])

    def test_a_later_call_hits_and_finds_the_break_in_the_run_history(self):
        history = RunHistory()
        events(RECORDS, history=history)
        self.assertEqual(events([], history=history), [
            {"kind": "region", "graph": "0/0", "cache": "hit", "ms": 0.09}, BREAK_EVENT,
            {"kind": "region", "graph": "1/0", "cache": "hit", "ms": 0.09}])

    def test_a_graphless_variant_is_a_compile_with_no_region_time(self):
        # 2.14: the resume frame 2/0 of a helper that only logs is guarded without an FX graph; no
        # 'Torch-Compiled Region: 2/0' runs, and it is still a variant made in this call
        records = RECORDS + compiled(400_000, "2/0", 0.01, graph=False)
        self.assertEqual(events(records), [REGION_00, BREAK_EVENT, REGION_10,
                                           {"kind": "region", "graph": "2/0", "cache": "compile", "ms": 0.0,
                                            "compile_ms": 10.0}])

    def test_a_graphless_variant_is_written_where_its_compile_ended(self):
        records = RECORDS + compiled(150_000, "2/0", 0.01, graph=False)   # 1150 us: inside region 0/0
        self.assertEqual([e.get("graph") for e in events(records)], ["0/0", "2/0", None, "1/0"])

    def test_a_variant_with_a_graph_and_no_region_is_a_profiler_miss(self):
        records = RECORDS + compiled(400_000, "2/0", 0.01, graph=True)
        with self.assertRaises(CaptureError) as caught:
            events(records)
        self.assertEqual(str(caught.exception), "call b01: compile 2/0 made a variant with a graph but no "
                                                "'Torch-Compiled Region: 2/0' ran in this call; the profiler missed it")

    def test_a_compile_that_made_no_variant_is_a_fallback(self):
        records = RECORDS + compiled(400_000, "2/0", 0.01, graph=False, guarded=False)
        self.assertEqual(events(records)[3], {"kind": "fallback", "graph": "2/0", "compile_ms": 10.0,
                                              "reason": "Dynamo skipped the frame: no graph was captured (it runs eagerly)"})

    def test_a_nested_region_without_a_logged_break_is_refused(self):
        records = compiled(100_000, "0/0", 0.5) + compiled(250_000, "1/0", 0.25)
        with self.assertRaises(CaptureError) as caught:
            events(records)
        self.assertEqual(str(caught.exception), "region 1/0 is nested in 0/0, but no graph break was logged for 0/0 "
                                                "and 1/0 is no resume frame")

    def test_older_logs_name_the_break_by_the_resume_frame(self):
        # 2.6-style: no dynamo_graph_break_reason, only restart_reasons and the resume frame's name
        records = compiled(100_000, "0/0", 0.5) + compiled(250_000, "1/0", 0.25)
        records[2][1]["compilation_metrics"]["restart_reasons"] = ["Unsupported: builtin: print"]
        records[-1][1]["compilation_metrics"].update(co_name="torch_dynamo_resume_in_f_at_7", co_filename="/m/f.py")
        self.assertEqual(events(records)[1], {"kind": "break", "site": "/m/f.py:7", "reason": "Unsupported: builtin: print",
                                              "eager_ms": 0.06})

    def test_stages_and_cache_outcomes_of_a_compile(self):
        # 2.6's seconds (print-bridge 0/0 of fixtures/print-bridge): a stage is a level less the next,
        # in exact decimals; the FX graph cache outcome is an artifact, AOTAutograd's (2.6) a
        # chromium_event instant event
        records = compiled(100_000, "0/0", 0.5)[:2] + compiled(250_000, "1/0", 0.25)
        metrics = {"has_guarded_code": True, "entire_frame_compile_time_s": 1.726614, "backend_compile_time_s": 1.702276,
                   "inductor_compile_time_s": 1.60515, "code_gen_time_s": 1.501388}
        records.insert(2, record(100_002, "0/0", "compilation_metrics", metrics))
        records.insert(1, record(100_001, "0/0", "artifact:dynamo_graph_break_reason", payload=BREAK))
        records.insert(2, record(100_001, "0/0", "artifact:fx_graph_cache_miss", payload="{}"))
        records.insert(2, record(100_001, "0/0", "chromium_event", payload=json.dumps(
            {"name": "autograd_cache_bypass", "ph": "i", "args": {"cache_state": "bypass"}}, indent=0)))
        region_00 = dict(REGION_00, compile_ms=1726.614,
                         stages={"dynamo": 24.338, "aot_autograd": 97.126, "inductor": 103.762, "codegen": 1501.388},
                         artifact_cache={"aotautograd": "bypass", "fx_graph": "miss"})
        self.assertEqual(events(records), [region_00, BREAK_EVENT, REGION_10])

    def test_a_compile_that_hit_everything_and_one_that_missed_once(self):
        # 2.14's microseconds; an AOTAutograd hit never calls Inductor (its timers null: 0);
        # two FX graph lookups of one compile, one a miss: the compile missed
        hit = {"has_guarded_code": True, "entire_frame_compile_time_s": None,
               "dynamo_cumulative_compile_time_us": 75_000, "aot_autograd_cumulative_compile_time_us": 60_500,
               "inductor_cumulative_compile_time_us": None, "inductor_code_gen_cumulative_compile_time_us": None}
        records = [record(100_000, "0/0", "dynamo_start"), record(100_001, "0/0", "dynamo_output_graph"),
                   record(100_001, "0/0", "artifact:dynamo_graph_break_reason", payload=BREAK),
                   record(100_001, "0/0", "artifact:aotautograd_cache_hit", payload="{}"),
                   record(100_001, "0/0", "artifact:fx_graph_cache_hit", payload="{}"),
                   record(100_001, "0/0", "artifact:aotautograd_cache_pickle_failure", payload="{}"),
                   record(100_002, "0/0", "compilation_metrics", hit)]
        records += compiled(250_000, "1/0", 0.25)
        records.insert(-1, record(250_001, "1/0", "artifact:fx_graph_cache_hit", payload="{}"))
        records.insert(-1, record(250_001, "1/0", "artifact:fx_graph_cache_miss", payload="{}"))
        records.insert(-1, record(250_001, "1/0", "artifact:aotautograd_cache_hash",     # 2.6: its cache_state
                                  payload=json.dumps({"cache_state": "miss", "key": "k"})))
        got = events(records)
        self.assertEqual(got[0], dict(REGION_00, compile_ms=75.0,
                                      stages={"dynamo": 14.5, "aot_autograd": 60.5, "inductor": 0.0, "codegen": 0.0},
                                      artifact_cache={"aotautograd": "hit", "fx_graph": "hit"}))
        # 1/0's record has only the frame's timer: no stages, and what the log says of its caches
        self.assertEqual(got[2], dict(REGION_10, artifact_cache={"aotautograd": "miss", "fx_graph": "miss"}))

    def test_levels_that_do_not_nest_are_not_split(self):
        records = compiled(100_000, "0/0", 0.5)
        records[-1][1]["compilation_metrics"].update(backend_compile_time_s=0.6, inductor_compile_time_s=0.1,
                                                     code_gen_time_s=0.05)
        c = structured_log.compiles_in(records)["0/0"]
        self.assertEqual((c.compile_ms, c.stages, c.artifact_cache), (500.0, {}, {}))
        records[-1][1]["compilation_metrics"]["backend_compile_time_s"] = 0.4
        self.assertEqual(structured_log.compiles_in(records)["0/0"].stages,
                         {"dynamo": 100.0, "aot_autograd": 300.0, "inductor": 50.0, "codegen": 50.0})
        del records[-1][1]["compilation_metrics"]["code_gen_time_s"]      # an inner timer missing
        self.assertEqual(structured_log.compiles_in(records)["0/0"].stages, {})

    def test_a_fallback_carries_its_stages_and_cache_outcomes(self):
        records = RECORDS + compiled(400_000, "2/0", 0.01, graph=False, guarded=False)
        records[-1][1]["compilation_metrics"].update(backend_compile_time_s=None, inductor_compile_time_s=None,
                                                     code_gen_time_s=None)
        records.insert(-1, record(400_001, "2/0", "chromium_event", payload=json.dumps(
            {"name": "fx_graph_cache_disabled", "ph": "i"})))     # no outcome
        self.assertEqual(events(records)[3], {"kind": "fallback", "graph": "2/0", "compile_ms": 10.0,
                                              "stages": {"dynamo": 10.0, "aot_autograd": 0.0, "inductor": 0.0,
                                                         "codegen": 0.0},
                                              "reason": "Dynamo skipped the frame: no graph was captured (it runs eagerly)"})


if __name__ == "__main__":
    unittest.main()
