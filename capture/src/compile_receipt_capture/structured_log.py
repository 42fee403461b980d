"""PyTorch's structured trace (what ``TORCH_TRACE`` writes), read in the process: a handler on
``torch._logging._internal.trace_log`` keeps every record of a call, and ``compiles_in`` turns them
into what each compile id did (section 7 of trace-format.md). Also writes the per-call
``compile_receipt_call`` markers, and a ``compile_receipt_run`` line into the TORCH_LOGS text at the
start of each run (:func:`run_marker_logger`). torch is imported only by ``attach``'s callers,
``marker_writer`` and ``run_marker_logger``.

    >>> c = compiles_in([(1, {"frame_id": 0, "frame_compile_id": 0, "dynamo_start": {}}, None),
    ...                  (2, {"frame_id": 0, "frame_compile_id": 0, "compilation_metrics":
    ...                       {"has_guarded_code": True, "entire_frame_compile_time_s": 0.5}}, None)])["0/0"]
    >>> (c.made_variant, c.compile_ms, c.made_graph)
    (True, 500.0, False)
"""

from __future__ import annotations

import inspect
import json
import logging
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import breaks, compile_split
from .breaks import Break
from .contract import GRAPH_ID

MARKER_ARTIFACT = "compile_receipt_call"
RUN_MARKER = "compile_receipt_run"
# A logger of the helper's own under torch._dynamo: its lines reach the stderr handler PyTorch's
# logging gives torch._dynamo, so they carry the same prefix as every other TORCH_LOGS line.
RUN_MARKER_LOGGER = "torch._dynamo.compile_receipt"
RECOMPILE_LIMIT_REASON = "recompile limit reached: the frame now runs eagerly"

# (perf_counter_ns when it arrived, the record's metadata, its payload)
Record = tuple[int, dict[str, Any], Any]

# Records that carry a compile id but are no compile: runtime metrics (2.14), and the metrics of a
# backward compile (2.6 also writes one for the compile id that hit the recompile limit).
_NOT_COMPILES = ("compilation_metrics_runtime", "bwd_compilation_metrics")
_ENVELOPE_KEYS = ("frame_id", "frame_compile_id", "attempt", "has_payload", "rank", "stack",
                  "compiled_autograd_id")


class TraceRecords(logging.Handler):
    """Keeps every structured-trace record PyTorch emits while attached, as :data:`Record`."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[Record] = []

    def emit(self, record: logging.LogRecord) -> None:
        metadata = getattr(record, "metadata", None)
        if isinstance(metadata, dict):
            self.records.append((time.perf_counter_ns(), metadata, getattr(record, "payload", None)))


def trace_log() -> logging.Logger:
    """PyTorch's structured-trace logger."""
    import torch._logging._internal as internal
    log: logging.Logger = internal.trace_log
    return log


def marker_writer() -> Callable[[dict[str, Any]], None] | None:
    """The function that writes a compile_receipt_call marker, or None without TORCH_TRACE."""
    if not os.environ.get("TORCH_TRACE"):
        return None
    import torch
    trace_structured = torch._logging.trace_structured
    extra: dict[str, bool] = {}
    try:
        params = inspect.signature(trace_structured).parameters
        if "expect_trace_id" in params:
            extra["expect_trace_id"] = False      # markers are outside any compile
        if "record_logging_overhead" in params:
            extra["record_logging_overhead"] = False
    except (TypeError, ValueError):
        pass

    def mark(payload: dict[str, Any]) -> None:
        text = json.dumps(payload, sort_keys=True, allow_nan=False)   # one payload line, like the contract's
        trace_structured("artifact",
                         metadata_fn=lambda: {"name": MARKER_ARTIFACT, "encoding": "json"},
                         payload_fn=lambda: text, **extra)
    return mark


def run_marker_logger() -> Callable[[str], None] | None:
    """The function that logs ``compile_receipt_run <label>`` as a run starts, or None without
    TORCH_LOGS. The TORCH_LOGS text of one process holds every run of a capture; the text reader
    splits it into its runs at these lines, as the TORCH_TRACE reader does at the call markers.

    The line is an INFO record of :data:`RUN_MARKER_LOGGER`, so PyTorch's formatter writes it
    (``I1202 04:01:02.345000 4242 compile_receipt_capture/structured_log.py:94] compile_receipt_run baseline``),
    outside any compile, so without a compile id. PyTorch's logging sets the levels of the loggers
    it registers (``torch._dynamo`` stays at WARNING under ``TORCH_LOGS=graph_breaks,recompiles``);
    this one is not among them, so the INFO level it is given here survives ``set_logs()``."""
    if not os.environ.get("TORCH_LOGS"):
        return None
    import torch._logging  # noqa: F401  (PyTorch's logging, with its handlers, is set up on import)
    log = logging.getLogger(RUN_MARKER_LOGGER)

    def mark(label: str) -> None:
        log.setLevel(logging.INFO)
        log.info("%s %s", RUN_MARKER, label)
    return mark


def _compile_id(metadata: Mapping[str, Any]) -> str | None:
    frame, variant = metadata.get("frame_id"), metadata.get("frame_compile_id")
    if isinstance(frame, int) and isinstance(variant, int) and frame >= 0 and variant >= 0:
        return f"{frame}/{variant}"
    return None


def _record_kind(metadata: Mapping[str, Any]) -> str | None:
    return next((key for key in metadata if key not in _ENVELOPE_KEYS), None)


def guard_failures(payload: object) -> list[str]:
    """The guard failures of a recompile_reasons payload: a JSON list, or (2.14: a lone reason)
    bare text although the artifact says "encoding": "json". Blank lines are dropped (as tlparse
    does) and every reason is trimmed."""
    if payload is None:
        return []
    items: list[Any] | None
    if isinstance(payload, (list, tuple)):
        items = list(payload)
    else:
        text = "\n".join(line for line in str(payload).splitlines() if line.strip()).strip()
        items = None
        if text[:1] in ("[", '"'):
            try:
                value = json.loads(text)
            except ValueError:
                value = None
            if isinstance(value, list):
                items = value
            elif isinstance(value, str):
                items = [value]
        if items is None:
            items = [text]
    out = []
    for item in items:
        item = item if isinstance(item, str) else json.dumps(item, sort_keys=True)
        if item.strip():
            out.append(item.strip())
    return out


class Compile:
    """What the structured trace said about one compile id (one attempt to make a variant)."""

    def __init__(self, cid: str) -> None:
        self.id = cid
        self.first_ns: int | None = None
        self.last_ns: int = 0
        self.started = False
        self.metrics: dict[str, Any] | None = None
        self.guard_failures: list[str] | None = None
        self.breaks: list[Break] = []
        self.made_graph = False        # a dynamo_output_graph record: Dynamo produced an FX graph
        self.cache_outcomes: dict[str, set[str]] = {}    # "fx_graph" / "aotautograd" -> outcomes logged

    def saw_cache(self, stage: str, outcome: str) -> None:
        self.cache_outcomes.setdefault(stage, set()).add(outcome)

    @property
    def artifact_cache(self) -> dict[str, str]:
        """{"fx_graph": ..., "aotautograd": ...}: per cache the worst outcome logged; absent where none was."""
        return compile_split.worst_outcomes(self.cache_outcomes)

    @property
    def stages(self) -> dict[str, float]:
        """Stage -> ms of its compilation_metrics (compile_split.stages_of); {} where it does not split."""
        return compile_split.stages_of(self.metrics or {})

    @property
    def made_variant(self) -> bool:
        """Dynamo guarded code for it (``has_guarded_code``; older logs: no ``fail_type``)."""
        if self.metrics is None:
            return False
        if "has_guarded_code" in self.metrics:
            return bool(self.metrics["has_guarded_code"])
        return self.metrics.get("fail_type") is None

    @property
    def compile_ms(self) -> float:
        m = self.metrics or {}
        for key, scale in (("entire_frame_compile_time_s", 1e3), ("dynamo_cumulative_compile_time_us", 1e-3),
                           ("dynamo_time_before_restart_s", 1e3)):
            value = m.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
                return max(0.0, float(value) * scale)
        return 0.0

    @property
    def fallback_reason(self) -> str:
        m = self.metrics
        if m is None:
            if self.guard_failures is not None:
                return RECOMPILE_LIMIT_REASON
            return "the compile did not finish (no compilation_metrics was logged)"
        if m.get("fail_type"):
            gb_type = breaks.message_type(m.get("fail_reason"))
            if gb_type:     # 2.8+: the graph-break type ("Dynamo recompile limit exceeded")
                return f"{m['fail_type']}: {gb_type}"
            # fail_reason can run to a page (hints, tracebacks): keep its first paragraph, one line
            detail = " ".join(str(m.get("fail_reason") or "").strip().split("\n\n")[0].split())
            return f"{m['fail_type']}: {detail}" if detail else str(m["fail_type"])
        return "Dynamo skipped the frame: no graph was captured (it runs eagerly)"

    @property
    def attempted(self) -> bool:
        """A compile happened in these records, not only stray artifacts of its id."""
        return self.started or self.metrics is not None or self.guard_failures is not None


def compiles_in(records: Iterable[Record]) -> dict[str, Compile]:
    """compile id -> Compile, in order of first appearance, for the records of one call."""
    compiles: dict[str, Compile] = {}
    for ns, metadata, payload in records:
        kind = _record_kind(metadata)
        artifact = (metadata.get("artifact") or {}) if kind == "artifact" else {}
        if artifact.get("name") == MARKER_ARTIFACT or kind in _NOT_COMPILES:
            continue
        cid = _compile_id(metadata)
        if kind == "compilation_metrics":
            cid = cid or (metadata["compilation_metrics"] or {}).get("compile_id")
            if not (isinstance(cid, str) and GRAPH_ID.fullmatch(cid)):
                continue
        if cid is None:
            continue
        if kind == "dynamo_start" and cid in compiles and compiles[cid].metrics is not None:
            # the same id again after a finished compile: only possible after a reset; keep the new one
            del compiles[cid]
        c = compiles.setdefault(cid, Compile(cid))
        c.first_ns = ns if c.first_ns is None else c.first_ns
        c.last_ns = ns
        if kind == "dynamo_start":
            c.started = True
        elif kind == "dynamo_output_graph":
            c.made_graph = True
        elif kind == "compilation_metrics":
            c.metrics = metadata["compilation_metrics"] or {}
        elif artifact.get("name") == "recompile_reasons":
            c.guard_failures = guard_failures(payload)
        elif artifact.get("name") == "dynamo_graph_break_reason":
            parsed = breaks.parse_break(payload)
            if parsed:
                c.breaks.append(parsed)
        if kind in ("artifact", "chromium_event"):
            outcome = compile_split.cache_outcome(kind, artifact, payload)
            if outcome is not None:
                c.saw_cache(*outcome)
    return compiles
