"""The events of one call, from its profiler spans and its structured-log records: a ``region`` for
every compiled region that ran (``compile`` when the call made its variant), a ``break`` before
each region nested in an earlier one (a resume frame), a ``fallback`` for every compile id that made
no variant, in the order they happened. Compiles belong to the call whose records hold them.

A graphless variant (Dynamo guarded a frame and produced no FX graph: on 2.14 a stdlib
``Logger.info`` it traced through, for one) runs no compiled region, so the profiler shows none. It
is still a variant made in that call (trace-format.md section 8: ``compiles`` counts variants), so
it is written as ``{"kind": "region", "graph": ..., "cache": "compile", "ms": 0.0, "compile_ms":
...}`` where its compile finished: 0 ms because no compiled graph ran. Its later reuses show no
region and are not written. A variant that did make a graph and whose region is missing is still a
CaptureError: the profiler missed it. Standard library only.
"""

from __future__ import annotations

import decimal
import os
from dataclasses import dataclass, field
from typing import Any

from . import breaks
from .breaks import Break
from .contract import rounded
from .profiler_spans import CALL_SPAN, CallSpans, compile_time_between, region_timing
from .structured_log import Compile, Record, compiles_in

Event = dict[str, Any]


class CaptureError(RuntimeError):
    """The capture could not record what happened (so it writes no trace)."""


@dataclass
class RunHistory:
    """What a run's earlier compiles said, for the breaks of later calls: the first break logged
    by each compile id, and the latest compilation_metrics of each frame."""

    breaks: dict[str, Break] = field(default_factory=dict)
    frames: dict[str, dict[str, Any]] = field(default_factory=dict)

    def learn(self, compiles: dict[str, Compile]) -> None:
        for c in compiles.values():
            if c.breaks:
                self.breaks[c.id] = c.breaks[0]
            if c.metrics is not None:
                self.frames[_frame(c.id)] = c.metrics

    def break_between(self, parent_graph: str, graph: str) -> Break:
        """The break between ``parent_graph`` and the resume frame's ``graph``."""
        if parent_graph in self.breaks:
            return self.breaks[parent_graph]
        frame = _frame(parent_graph)
        for cid, value in self.breaks.items():
            if _frame(cid) == frame:
                return value
        metrics = self.frames.get(_frame(graph)) or {}
        line = breaks.resume_line(str(metrics.get("co_name") or ""))
        if line is not None:       # older logs: the break only as restart_reasons and a resume frame
            reasons = (self.frames.get(frame) or {}).get("restart_reasons") or []
            return breaks.restart_break(str(metrics.get("co_filename") or "?"), line,
                                        str(reasons[0]) if reasons else None)
        raise CaptureError(f"region {graph} is nested in {parent_graph}, but no graph break was logged for "
                           f"{parent_graph} and {graph} is no resume frame")


def _frame(cid: str) -> str:
    return cid.split("/")[0]


def site(path: str, line: int, relative_to: str | None = None) -> str:
    """``path:line`` as PyTorch logged the path; under ``relative_to`` (a folder) the path is
    written relative to it with ``/`` separators, for fixtures that are committed."""
    path = str(path)
    if relative_to is not None and os.path.isabs(path):
        for root, target in ((os.path.abspath(relative_to), os.path.abspath(path)),
                             (os.path.realpath(relative_to), os.path.realpath(path))):
            try:
                under = os.path.commonpath([root, target]) == root
            except ValueError:          # another drive on Windows
                under = False
            if under and target != root:
                path = os.path.relpath(target, root).replace(os.sep, "/")
                break
    return f"{path}:{line}"


def break_event(brk: Break, eager_ms: float, relative_to: str | None) -> Event:
    event: Event = {"kind": "break", "site": site(brk.path, brk.line, relative_to), "reason": brk.reason,
                    "eager_ms": eager_ms}
    if brk.gb_id is not None:
        event["gb_id"] = brk.gb_id
    if brk.explanation is not None:
        event["explanation"] = brk.explanation
    if brk.hints:
        event["hints"] = list(brk.hints)
    if brk.user_frame is not None:
        event["user_frame"] = site(*brk.user_frame, relative_to)
    return event


def _compiled_region(c: Compile, ms: float) -> Event:
    event: Event = {"kind": "region", "graph": c.id, "cache": "compile", "ms": ms,
                    "compile_ms": rounded(c.compile_ms)}
    if c.guard_failures:
        event["guard_failures"] = list(c.guard_failures)
    _add_compile_split(event, c)
    return event


def _add_compile_split(event: Event, c: Compile) -> None:
    """The compile's ``stages`` and ``artifact_cache``, where its records give them. Stages are left
    out rather than written over compile_ms (only a compile time with more than 7 decimals of a
    second could round so)."""
    stages = c.stages
    if stages and sum(decimal.Decimal(repr(v)) for v in stages.values()) <= decimal.Decimal(repr(event["compile_ms"])):
        event["stages"] = stages
    if c.artifact_cache:
        event["artifact_cache"] = c.artifact_cache


def events_of_call(cid: str, spans: CallSpans, records: list[Record], t0_ns: int, history: RunHistory,
                   relative_to: str | None = None) -> list[Event]:
    """The events of call ``cid``, in the order they happened. ``t0_ns`` is the call's start on
    ``time.perf_counter_ns``'s clock, which the records carry."""
    compiles = compiles_in(records)
    history.learn(compiles)
    call_span = spans.call_span()
    if call_span is None and (spans.regions or compiles):
        raise CaptureError(f"call {cid}: the profiler recorded no {CALL_SPAN} span")

    def at(ns: int) -> float:   # a structured-record time on the profiler's clock (us)
        assert call_span is not None
        return call_span.start + (ns - t0_ns) / 1000.0

    timeline: list[tuple[float, int, Event]] = []
    ran: set[str] = set()
    previous_end: float | None = None
    for n, region in enumerate(spans.regions):
        ms, graph_end = region_timing(region, spans)
        if region.parent is not None:
            if previous_end is None:
                raise CaptureError(f"call {cid}: region {region.graph} is nested in no earlier region")
            gap = region.span.start - previous_end - compile_time_between(spans, previous_end, region.span.start)
            brk = history.break_between(spans.region_of(region.parent).graph, region.graph)
            timeline.append((region.span.start, 2 * n, break_event(brk, rounded(gap / 1000.0), relative_to)))
        c = compiles.get(region.graph)
        if c is not None and c.made_variant and region.graph not in ran:
            event: Event = _compiled_region(c, rounded(ms))
        else:
            event = {"kind": "region", "graph": region.graph, "cache": "hit", "ms": rounded(ms)}
        ran.add(region.graph)
        timeline.append((region.span.start, 2 * n + 1, event))
        previous_end = graph_end
    for c in compiles.values():
        if not c.attempted:
            continue        # only stray records of that id (artifacts), no compile in this call
        if c.made_variant:
            if c.id in ran:
                continue
            if c.made_graph:
                raise CaptureError(f"call {cid}: compile {c.id} made a variant with a graph but no "
                                   f"'Torch-Compiled Region: {c.id}' ran in this call; the profiler missed it")
            timeline.append((at(c.last_ns), 10 ** 9, _compiled_region(c, 0.0)))     # graphless: no region runs
            continue
        event = {"kind": "fallback", "graph": c.id, "reason": c.fallback_reason,
                 "compile_ms": rounded(c.compile_ms)}
        if c.guard_failures:
            event["guard_failures"] = list(c.guard_failures)
        _add_compile_split(event, c)
        timeline.append((at(c.last_ns), 10 ** 9, event))
    timeline.sort(key=lambda t: (t[0], t[1]))
    return [e for _, _, e in timeline]

