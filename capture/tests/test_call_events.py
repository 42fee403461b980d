"""A call's events from its profiler spans and structured-log records
(compile_receipt_capture.call_events), on spans and records written by hand: no torch needed.

    python3 -m unittest test_call_events          (from capture/tests)
"""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

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


if __name__ == "__main__":
    unittest.main()
