"""The torch.profiler trace of a run, as ``prof.export_chrome_trace()`` writes it (``--profile-out``):
the capture profiles each call in its own ``torch.profiler.profile``, so every call's export is kept
and the run's calls are written as one Chrome trace JSON, its events in call order, each call inside
its ``compile_receipt_call`` span. A session's ``ts`` counts from its ``baseTimeNanoseconds``
(2.6 and 2.14 write one); every call's events are moved onto the first call's base, exactly in
integer nanoseconds, so one file has one clock. Standard library only.

    >>> run = RunProfile()
    >>> run.add_export({"schemaVersion": 1, "baseTimeNanoseconds": 2000, "traceEvents": [{"ph": "X", "ts": 1.5}]})
    >>> run.add_export({"schemaVersion": 1, "baseTimeNanoseconds": 3000, "traceEvents": [{"ph": "X", "ts": 1.5}]})
    >>> [e["ts"] for e in run.document()["traceEvents"]], run.document()["baseTimeNanoseconds"]
    ([1.5, 2.5], 2000)

A baseline-and-candidate capture writes the baseline's profile at ``PATH`` and the candidate's
beside it (:func:`run_path`):

    >>> run_path("out/graph-break.profile.json", "candidate")
    'out/graph-break.profile-candidate.json'
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

BASE = "baseTimeNanoseconds"
EVENTS = "traceEvents"


def run_path(path: str, label: str) -> str:
    """Where the profile of run ``label`` is written: ``path`` for the baseline, else ``-label`` before its ``.json``."""
    if label == "baseline":
        return path
    stem, ext = (path[:-5], ".json") if path.endswith(".json") else (path, "")
    return f"{stem}-{label}{ext}"


class RunProfile:
    """The Chrome trace of one run, call by call."""

    def __init__(self) -> None:
        self._head: dict[str, Any] | None = None
        self._base: int | None = None
        self._events: list[Any] = []

    def add(self, prof: Any) -> None:
        """The events of one finished ``torch.profiler.profile``, through its own ``export_chrome_trace``."""
        fd, path = tempfile.mkstemp(suffix=".json")
        os.close(fd)
        try:
            prof.export_chrome_trace(path)
            with open(path, encoding="utf-8") as f:
                self.add_export(json.load(f))
        finally:
            os.remove(path)

    def add_export(self, doc: dict[str, Any]) -> None:
        base = doc.get(BASE)
        if self._head is None:
            self._head = {k: v for k, v in doc.items() if k != EVENTS}
            self._base = base if isinstance(base, int) else None
        shift = 0.0
        if isinstance(base, int) and self._base is not None and base != self._base:
            shift = (base - self._base) / 1000.0      # ns to the trace's microseconds
        for event in doc.get(EVENTS, []):
            if shift and isinstance(event, dict) and isinstance(event.get("ts"), (int, float)):
                event = dict(event, ts=event["ts"] + shift)
            self._events.append(event)

    def document(self) -> dict[str, Any]:
        head = dict(self._head or {"schemaVersion": 1})
        head[EVENTS] = self._events
        return head

    def write(self, path: str) -> str:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.document(), f, separators=(",", ":"))     # compact: a run's profile is mostly aten spans
            f.write("\n")
        return path
