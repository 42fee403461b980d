"""torch.profiler spans of one call: its compiled regions (``Torch-Compiled Region: F/V``), which
region each is nested in (a resume frame runs inside the region before its break), each region's own
graph time (Inductor's ``graph_N_inductor_wrapper_call``) and the compile spans to leave out of an
eager island. Times are the profiler's microseconds. Pure over the spans: torch is not imported.

    >>> outer = Span("Torch-Compiled Region: 0/0", 0.0, 100.0, 1)
    >>> inner = Span("Torch-Compiled Region: 1/0", 60.0, 90.0, 1)
    >>> [(r.graph, r.parent is outer) for r in regions_of_call([outer, inner]).regions]
    [('0/0', False), ('1/0', True)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

CALL_SPAN = "compile_receipt_call"      # the helper's own record_function around each call
_REGION = re.compile(r"Torch-Compiled Region: (\d+)/(\d+)$")
_GRAPH_SPAN = re.compile(r"(graph_\d+_inductor_wrapper_call|inductor_wrapper_call)$")
_COMPILE_SUFFIX = "(dynamo_timed)"
_CACHE_LOOKUP = "TorchDynamo Cache Lookup"


class Span:
    __slots__ = ("name", "start", "end", "thread")

    def __init__(self, name: str, start: float, end: float, thread: int) -> None:
        self.name, self.start, self.end, self.thread = name, start, end, thread

    def contains(self, other: Span) -> bool:
        return self.start <= other.start and other.end <= self.end and self is not other

    def __repr__(self) -> str:
        return f"Span({self.name!r}, {self.start}, {self.end}, {self.thread})"


@dataclass(frozen=True)
class Region:
    """One compiled region that ran: its graph id, span, the region it is nested in (None at the
    top) and its own graph spans."""

    graph: str
    span: Span
    parent: Span | None
    own: tuple[Span, ...]


@dataclass(frozen=True)
class CallSpans:
    regions: tuple[Region, ...]         # in start order
    compiles: tuple[Span, ...]          # the outermost Dynamo/Inductor compile spans
    spans: tuple[Span, ...]             # every span of the call

    def call_span(self) -> Span | None:
        return next((s for s in self.spans if s.name == CALL_SPAN), None)

    def region_of(self, span: Span) -> Region:
        return next(r for r in self.regions if r.span is span)


def spans_of(prof: Any) -> list[Span]:
    """Every event of a finished ``torch.profiler.profile`` as a Span."""
    out = []
    for e in prof.events():
        tr = e.time_range
        out.append(Span(e.name, float(tr.start), float(tr.end), getattr(e, "thread", 0)))
    return out


def _outermost(spans: Iterable[Span]) -> list[Span]:
    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        if out and out[-1].contains(s):
            continue
        out.append(s)
    return out


def regions_of_call(spans: Sequence[Span]) -> CallSpans:
    """The regions of one call, each with the region it is nested in and its own graph spans."""
    regions = sorted((s for s in spans if _REGION.match(s.name)), key=lambda s: (s.start, -s.end))

    def innermost(span: Span) -> Span | None:
        best = None
        for r in regions:
            if r is not span and r.thread == span.thread and r.contains(span):
                if best is None or best.contains(r):
                    best = r
        return best

    own: dict[int, list[Span]] = {id(r): [] for r in regions}
    for g in spans:
        if _GRAPH_SPAN.match(g.name):
            r = innermost(g)
            if r is not None:
                own[id(r)].append(g)
    out = []
    for r in regions:
        m = _REGION.match(r.name)
        assert m is not None
        out.append(Region(f"{int(m.group(1))}/{int(m.group(2))}", r, innermost(r), tuple(own[id(r)])))
    compiles = _outermost(s for s in spans if s.name.endswith(_COMPILE_SUFFIX))
    return CallSpans(tuple(out), tuple(compiles), tuple(spans))


def region_timing(region: Region, call: CallSpans) -> tuple[float, float]:
    """(ms, graph end in us) of one region: its own graph span(s) when Inductor marked them, else its
    exclusive time (less nested regions and compiles) and the end of its last direct child op."""
    if region.own:
        return sum(g.end - g.start for g in region.own) / 1000.0, max(g.end for g in region.own)
    span = region.span
    nested = _outermost([r.span for r in call.regions if span.contains(r.span)] +
                        [c for c in call.compiles if span.contains(c)])
    exclusive = (span.end - span.start) - sum(n.end - n.start for n in nested)
    limit = min([n.start for n in nested] or [span.end])
    ends = [s.end for s in call.spans if span.contains(s) and s.end <= limit and not _REGION.match(s.name)
            and s.name not in (_CACHE_LOOKUP, CALL_SPAN) and not s.name.endswith(_COMPILE_SUFFIX)]
    return max(0.0, exclusive) / 1000.0, max(ends) if ends else span.start


def compile_time_between(call: CallSpans, start: float, end: float) -> float:
    """The us of compile spans wholly inside [start, end]: compile time is not an eager island."""
    return sum(s.end - s.start for s in call.compiles if start <= s.start and s.end <= end)
