"""Capture torch.compile runs as ``compile-trace/1`` traces for compile-receipt.

Standard library and torch only. One file: copy it next to your model, or put ``capture/`` on
``PYTHONPATH``.

    from compile_receipt_capture import capture

    result = capture(
        model_fn,                          # the baseline callable (function or nn.Module)
        candidate=fixed_fn,                # optional: the callable after the fix
        eager=3,                           # eager control calls (or a list of inputs)
        warmup=[(x,)],                     # one input per call; a tuple is the positional args
        steady=[(x,)] * 4, repeats=2,      # each steady input is called `repeats` times
        changed={"n16": (x16,), "n32": (x32,)},
        tolerance=(1e-3, 1e-3),            # atol, rtol of the output check against eager
        name="my-fixture",
        decision={"intervention": "compile with mode=max-autotune",   # optional: the decision
                  "rollback_trigger": "steady p90 over 1 ms", "owner": "decoder team",
                  "warmup_policy": "one warmup call per worker", "worker_lifetime_calls": 50_000},
        out="trace.json")

What it does, per run (``baseline``, then ``candidate``): ``torch._dynamo.reset()``, the eager
control calls of the plain callable, ``torch._dynamo.reset()`` again, then ``torch.compile`` of the
callable and the warmup, steady and changed calls. Every call runs under ``torch.profiler`` (eager
ones too, so that all wall times carry the same profiler overhead) and is timed with
``time.perf_counter`` (after ``torch.cuda.synchronize()`` on a GPU). Per call it records

* regions: the ``Torch-Compiled Region: F/V`` profiler spans; ``ms`` is the compiled graph's own
  ``graph_N_inductor_wrapper_call`` span (``torch._inductor.config.profiler_mark_wrapper_call`` is
  switched on during the capture);
* compiles and fallbacks, from PyTorch's structured trace (a handler on
  ``torch._logging._internal.trace_log``): ``compilation_metrics`` (``has_guarded_code``,
  ``entire_frame_compile_time_s``, ``fail_type``/``fail_reason``), ``recompile_reasons`` (guard
  failures: a JSON list, or on 2.14 a lone reason as bare text; each trimmed) and
  ``dynamo_graph_break_reason`` (break site and reason); a compile id with
  ``recompile_reasons`` and no ``compilation_metrics`` hit the recompile limit;
* breaks: before every region that is nested in an earlier region of the same call (the region
  of a resume frame), with the site and reason logged when the enclosing region's variant was
  compiled. ``site`` is ``path:line`` with the path exactly as PyTorch logged it (the same in the
  TORCH_TRACE log of the run), or relative to ``relative_to=`` for files under that folder.
  ``reason`` is the graph-break type where PyTorch gives one (2.8+: ``Failed to trace builtin
  operator``), with ``gb_id`` (``GB0059``), ``explanation`` and ``hints`` beside it; on older
  releases it is PyTorch's free text (``Unsupported: builtin: print ...``) and those are absent.
  ``user_frame`` (both releases) is the innermost frame of the message's ``User code traceback:``
  outside PyTorch, written like ``site``: where the user's code called in when the site is in torch.
  ``eager_ms`` = the time from the end of the previous region's graph span to the
  start of this region, less the Dynamo/Inductor compile spans inside that gap (compile time is
  in ``compile_ms``, not in the island);
* the check: the largest absolute difference to the baseline callable's eager output on the
  same input, and whether every tensor is within ``atol + rtol * |eager|``.

When ``TORCH_TRACE`` is set, a ``compile_receipt_call`` artifact is written through
``torch._logging.trace_structured`` before (``edge: start``) and after (``edge: end`` with
``wall_ms``) every call, so the structured log can be split per call.

The trace is validated against every rule of the contract (section 2 of trace-format.md) before
it is written; a trace that breaks one raises :class:`TraceError` and nothing is written.

Command line:  python3 -m compile_receipt_capture --module mymodels --baseline fn_a \
                   --candidate fn_b --inputs make_inputs --out trace.json
(see ``--help``; ``--inputs`` names a function of the module that returns the keyword arguments
``warmup``, ``steady``, ``changed``, ... of :func:`capture`).
"""

import argparse
import copy
import importlib
import importlib.util
import json
import logging
import math
import os
import re
import sys
import time

FORMAT = "compile-trace/1"
MAX_CALLS = 64
MAX_EVENTS_PER_CALL = 16
PHASES = ("eager", "warmup", "steady", "changed")
MARKER_ARTIFACT = "compile_receipt_call"
RECOMPILE_LIMIT_REASON = "recompile limit reached: the frame now runs eagerly"

__all__ = ["Args", "Capture", "CaptureError", "TraceError", "capture", "validate_trace",
           "write_trace", "main"]


class TraceError(ValueError):
    """A trace breaks a rule of compile-trace/1. ``pointer`` is the JSON pointer of the value."""

    def __init__(self, pointer, rule):
        super().__init__(f"invalid compile-trace/1 at {pointer or '/'}: {rule}")
        self.pointer = pointer
        self.rule = rule


class CaptureError(RuntimeError):
    """The capture could not record what happened (so it writes no trace)."""


class Args:
    """The inputs of one call: ``Args(x, 3, scale=0.5)`` calls ``fn(x, 3, scale=0.5)``.

    In the phase lists a plain tuple stands for its positional arguments and any other value
    for a single positional argument."""

    def __init__(self, *args, **kwargs):
        self.args = tuple(args)
        self.kwargs = dict(kwargs)

    @staticmethod
    def of(item):
        if isinstance(item, Args):
            return item
        if isinstance(item, tuple):
            return Args(*item)
        return Args(item)

    def __repr__(self):
        return f"Args(args={self.args!r}, kwargs={self.kwargs!r})"


# --------------------------------------------------------------------------------------------
# Validation: every rule of section 2 of the contract, mirrored so that Java never refuses a
# trace this module wrote.

_TOP_KEYS = {"format", "fixture", "runs", "decision"}
_DECISION_KEYS = {"intervention", "rollback_trigger", "warmup_policy", "owner", "worker_lifetime_calls"}
MAX_WORKER_LIFETIME_CALLS = 10 ** 15
_FIXTURE_KEYS = {"name", "model", "revision", "device", "dtype", "backend", "mode", "torch",
                 "tolerance"}
_TOLERANCE_KEYS = {"atol", "rtol"}
_RUN_KEYS = {"label", "calls"}
_CALL_KEYS = {"id", "phase", "family", "wall_ms", "check", "events"}
_CHECK_KEYS = {"max_abs_err", "ok"}
_REGION_KEYS = {"kind", "graph", "cache", "ms", "compile_ms", "guard_failures"}
_BREAK_KEYS = {"kind", "site", "reason", "eager_ms", "gb_id", "explanation", "hints", "user_frame"}
_FALLBACK_KEYS = {"kind", "graph", "reason", "compile_ms", "guard_failures"}
_GRAPH_ID = re.compile(r"(0|[1-9][0-9]{0,17})/(0|[1-9][0-9]{0,17})")
_SITE = re.compile(r".+:[0-9]+", re.DOTALL)
_GB_ID = re.compile(r"GB[0-9]{4}")     # as the Java reader has it


def _esc(key):
    return str(key).replace("~", "~0").replace("/", "~1")


def _object(node, at, allowed):
    if not isinstance(node, dict):
        raise TraceError(at, f"must be a JSON object, found {type(node).__name__}")
    for key in node:
        if not isinstance(key, str):
            raise TraceError(at, f"keys must be strings, found {key!r}")
        if key not in allowed:
            raise TraceError(f"{at}/{_esc(key)}", f'unknown key "{key}" (allowed here: '
                             f'{", ".join(sorted(allowed))}); a typo must never silently change a receipt')


def _required(node, at, key):
    if key not in node:
        raise TraceError(at, f'"{key}" is required')
    return node[key]


def _text(value, at):
    if not isinstance(value, str):
        raise TraceError(at, f"must be a string, found {type(value).__name__}")
    return value


def _ms(value, at):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TraceError(at, f"must be a number, found {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise TraceError(at, "NaN or infinite numbers are not allowed")
    if value < 0:
        raise TraceError(at, f"must be >= 0, found {value}")
    return value


def _guards(node, at):
    if "guard_failures" not in node:
        return
    guards = node["guard_failures"]
    if not isinstance(guards, list):
        raise TraceError(f"{at}/guard_failures", "guard_failures must be an array of strings")
    for i, guard in enumerate(guards):
        _text(guard, f"{at}/guard_failures/{i}")


def _graph(value, at):
    text = _text(value, at)
    if not _GRAPH_ID.fullmatch(text):
        raise TraceError(at, f'a graph id is F/V with non-negative integers (frame/variant), found "{text}"')
    return text


def validate_trace(trace, max_calls=MAX_CALLS, max_events=MAX_EVENTS_PER_CALL):
    """Raises TraceError when ``trace`` (a dict) breaks a rule of compile-trace/1."""
    _object(trace, "", _TOP_KEYS)
    fmt = _required(trace, "", "format")
    if fmt != FORMAT:
        raise TraceError("/format", f'format must be exactly "{FORMAT}", found {fmt!r}')
    fixture = _required(trace, "", "fixture")
    _object(fixture, "/fixture", _FIXTURE_KEYS)
    if _text(_required(fixture, "/fixture", "name"), "/fixture/name") == "":
        raise TraceError("/fixture/name", "fixture.name must not be empty")
    for key in _FIXTURE_KEYS - {"name", "tolerance"}:
        if key in fixture:
            _text(fixture[key], f"/fixture/{key}")
    if "tolerance" in fixture:
        tol = fixture["tolerance"]
        _object(tol, "/fixture/tolerance", _TOLERANCE_KEYS)
        for key in _TOLERANCE_KEYS:
            if key in tol:
                _ms(tol[key], f"/fixture/tolerance/{key}")
    if "decision" in trace:
        _validate_decision(trace["decision"])
    runs = _required(trace, "", "runs")
    if not isinstance(runs, list):
        raise TraceError("/runs", "runs must be an array of 1 or 2 runs")
    if not 1 <= len(runs) <= 2:
        raise TraceError("/runs", f"runs must hold 1 or 2 runs (baseline, and optionally candidate), found {len(runs)}")
    labels = set()
    for r, run in enumerate(runs):
        at = f"/runs/{r}"
        _object(run, at, _RUN_KEYS)
        label = _text(_required(run, at, "label"), f"{at}/label")
        if label not in ("baseline", "candidate"):
            raise TraceError(f"{at}/label", f'label must be "baseline" or "candidate", found "{label}"')
        if label in labels:
            raise TraceError(f"{at}/label", f'run "{label}" appears twice; each label at most once')
        labels.add(label)
        calls = _required(run, at, "calls")
        _validate_calls(calls, f"{at}/calls", max_calls, max_events)
    if "baseline" not in labels:
        raise TraceError("/runs", 'a "baseline" run is required')
    # A last guard: the JSON text itself must be writable without NaN/Infinity.
    json.dumps(trace, allow_nan=False)
    return trace


def _validate_decision(decision):
    at = "/decision"
    _object(decision, at, _DECISION_KEYS)
    _required(decision, at, "intervention")
    for key in sorted(_DECISION_KEYS - {"worker_lifetime_calls"}):
        if key in decision and _text(decision[key], f"{at}/{key}").strip() == "":
            raise TraceError(f"{at}/{key}", f"decision.{key} must not be empty or blank")
    if "worker_lifetime_calls" in decision:
        calls = decision["worker_lifetime_calls"]
        if isinstance(calls, bool) or not isinstance(calls, int):
            raise TraceError(f"{at}/worker_lifetime_calls", "worker_lifetime_calls must be an integer from 1 to 10^15 "
                             f"(a count of calls, such as 50000), found {calls!r}")
        if not 1 <= calls <= MAX_WORKER_LIFETIME_CALLS:
            raise TraceError(f"{at}/worker_lifetime_calls", "worker_lifetime_calls must be at least 1 and at most "
                             f"{MAX_WORKER_LIFETIME_CALLS}, found {calls}")


def _validate_calls(calls, at, max_calls, max_events):
    if not isinstance(calls, list):
        raise TraceError(at, "calls must be an array")
    if not calls:
        raise TraceError(at, "a run needs at least 1 call")
    if len(calls) > max_calls:
        raise TraceError(at, f"the run has {len(calls)} calls, over the limit of {max_calls} calls per run "
                             "(fewer calls per phase, or raise the limit on both sides: max_calls= here and "
                             "the CLI's --max-calls when the trace is imported)")
    ids = set()
    compiled = set()
    for c, call in enumerate(calls):
        cat = f"{at}/{c}"
        _object(call, cat, _CALL_KEYS)
        cid = _text(_required(call, cat, "id"), f"{cat}/id")
        if cid == "":
            raise TraceError(f"{cat}/id", "a call id must not be empty")
        if cid in ids:
            raise TraceError(f"{cat}/id", f'call id "{cid}" is used twice in this run; ids must be unique within a run')
        ids.add(cid)
        phase = _required(call, cat, "phase")
        if phase not in PHASES:
            raise TraceError(f"{cat}/phase", f"phase must be one of eager, warmup, steady, changed, found {phase!r}")
        if "family" in call:
            _text(call["family"], f"{cat}/family")
        _ms(_required(call, cat, "wall_ms"), f"{cat}/wall_ms")
        if "check" in call:
            check = call["check"]
            _object(check, f"{cat}/check", _CHECK_KEYS)
            if "max_abs_err" in check:
                _ms(check["max_abs_err"], f"{cat}/check/max_abs_err")
            if "ok" in check and not isinstance(check["ok"], bool):
                raise TraceError(f"{cat}/check/ok", "check.ok must be true or false")
        events = _required(call, cat, "events")
        if not isinstance(events, list):
            raise TraceError(f"{cat}/events", "events must be an array")
        if len(events) > max_events:
            raise TraceError(f"{cat}/events", f"the call has {len(events)} events, over the limit of {max_events} "
                                              "events per call (raise it on both sides: max_events= here and the "
                                              "CLI's --max-events when the trace is imported)")
        for e, event in enumerate(events):
            eat = f"{cat}/events/{e}"
            kind = _validate_event(event, eat)
            if phase == "eager" and kind != "break":
                raise TraceError(f"{eat}/kind", f'an eager call runs no compiled code: a "{kind}" event is not '
                                                "allowed in phase eager")
            if kind == "region" and event["cache"] == "compile":
                if event["graph"] in compiled:
                    raise TraceError(f"{eat}/graph", f"graph {event['graph']} is compiled twice in this run; a "
                                                     "variant is compiled once, later calls hit it")
                compiled.add(event["graph"])


def _validate_event(event, at):
    if not isinstance(event, dict):
        raise TraceError(at, "an event must be a JSON object")
    kind = _text(_required(event, at, "kind"), f"{at}/kind")
    if kind == "region":
        _object(event, at, _REGION_KEYS)
        _graph(_required(event, at, "graph"), f"{at}/graph")
        cache = _text(_required(event, at, "cache"), f"{at}/cache")
        _ms(_required(event, at, "ms"), f"{at}/ms")
        if cache == "hit":
            if "compile_ms" in event:
                raise TraceError(f"{at}/compile_ms", 'compile_ms must be absent with cache "hit": nothing was compiled')
            if "guard_failures" in event:
                raise TraceError(f"{at}/guard_failures", 'guard_failures are only allowed with cache "compile"')
        elif cache == "compile":
            if "compile_ms" not in event:
                raise TraceError(at, 'compile_ms is required with cache "compile"')
            _ms(event["compile_ms"], f"{at}/compile_ms")
            _guards(event, at)
        else:
            raise TraceError(f"{at}/cache", f'cache must be "hit" or "compile", found "{cache}"')
    elif kind == "break":
        _object(event, at, _BREAK_KEYS)
        site = _text(_required(event, at, "site"), f"{at}/site")
        if not _SITE.fullmatch(site):
            raise TraceError(f"{at}/site", f'site must be file:line, found "{site}"')
        _text(_required(event, at, "reason"), f"{at}/reason")
        _ms(_required(event, at, "eager_ms"), f"{at}/eager_ms")
        if "gb_id" in event:
            gb = _text(event["gb_id"], f"{at}/gb_id")
            if not _GB_ID.fullmatch(gb):
                raise TraceError(f"{at}/gb_id", f'gb_id is the graph-break id GBnnnn in upper case (GB0059), found "{gb}"')
        if "user_frame" in event:
            frame = _text(event["user_frame"], f"{at}/user_frame")
            if not _SITE.fullmatch(frame):
                raise TraceError(f"{at}/user_frame", f'user_frame must be file:line, found "{frame}"')
        if "explanation" in event:
            _text(event["explanation"], f"{at}/explanation")
        if "hints" in event:
            hints = event["hints"]
            if not isinstance(hints, list):
                raise TraceError(f"{at}/hints", "hints must be an array of strings")
            for i, hint in enumerate(hints):
                _text(hint, f"{at}/hints/{i}")
    elif kind == "fallback":
        _object(event, at, _FALLBACK_KEYS)
        _graph(_required(event, at, "graph"), f"{at}/graph")
        _text(_required(event, at, "reason"), f"{at}/reason")
        _ms(_required(event, at, "compile_ms"), f"{at}/compile_ms")
        _guards(event, at)
    else:
        raise TraceError(f"{at}/kind", f'kind must be region, break or fallback, found "{kind}"')
    return kind


def write_trace(trace, path, max_calls=MAX_CALLS, max_events=MAX_EVENTS_PER_CALL):
    """Validates ``trace`` and writes it as UTF-8 JSON (atomically); raises TraceError instead."""
    validate_trace(trace, max_calls, max_events)
    text = json.dumps(trace, indent=1, sort_keys=True, allow_nan=False, ensure_ascii=False) + "\n"
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tmp = f"{path}.tmp-{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


# --------------------------------------------------------------------------------------------
# Structured-trace records and the per-call markers

class _TraceRecords(logging.Handler):
    """Keeps every structured-trace record PyTorch emits while attached: (perf_counter_ns,
    metadata dict, payload)."""

    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.records = []

    def emit(self, record):
        metadata = getattr(record, "metadata", None)
        if isinstance(metadata, dict):
            self.records.append((time.perf_counter_ns(), metadata, getattr(record, "payload", None)))


def _trace_log():
    import torch._logging._internal as internal
    return internal.trace_log


def _marker_fn():
    """The function that writes a compile_receipt_call marker, or None without TORCH_TRACE."""
    if not os.environ.get("TORCH_TRACE"):
        return None
    import inspect
    import torch
    trace_structured = torch._logging.trace_structured
    extra = {}
    try:
        params = inspect.signature(trace_structured).parameters
        if "expect_trace_id" in params:
            extra["expect_trace_id"] = False      # markers are outside any compile
        if "record_logging_overhead" in params:
            extra["record_logging_overhead"] = False
    except (TypeError, ValueError):
        pass

    def mark(payload):
        text = json.dumps(payload, sort_keys=True, allow_nan=False)   # one payload line, like the contract's
        trace_structured("artifact",
                         metadata_fn=lambda: {"name": MARKER_ARTIFACT, "encoding": "json"},
                         payload_fn=lambda: text, **extra)
    return mark


def _compile_id(metadata):
    frame, variant = metadata.get("frame_id"), metadata.get("frame_compile_id")
    if isinstance(frame, int) and isinstance(variant, int) and frame >= 0 and variant >= 0:
        return f"{frame}/{variant}"
    return None


def _record_kind(metadata):
    for key in metadata:
        if key not in ("frame_id", "frame_compile_id", "attempt", "has_payload", "rank", "stack",
                       "compiled_autograd_id"):
            return key
    return None


_BREAK_AT = re.compile(r"Graph break(?: \(.*?\))? in user code at (.+):(\d+)\s*$")
_RESUME = re.compile(r"torch_dynamo_resume_in_(.+)_at_(\d+)$")
_EXPLANATION = re.compile(r"^\s*Explanation:(.*)$")
_HINT = re.compile(r"^\s*Hint:(.*)$")
_DEBUG_CONTEXT = re.compile(r"^\s*Developer debug context:")
_GB_LINK = re.compile(r"/gb/(gb[0-9]+)\.html", re.IGNORECASE)
_MESSAGE_END = ("User code traceback:", "Traceback (most recent call last):")
_REASON_PREFIXES = ("Graph Break Reason:", "Reason:")


def _site(path, line, relative_to=None):
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


def _structured_message(text):
    """The parts of a structured graph-break message (PyTorch 2.8+), or None for free text:
    {"type", "gb_id"?, "explanation"?, "hints"?}. The type is the last non-blank line before
    ``  Explanation:`` (without a ``Graph Break Reason: `` prefix); gb_id comes from the link
    ending ``gb/gbNNNN.html``; one hint per ``Hint:`` line (its continuation lines joined)."""
    if not isinstance(text, str):
        return None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() in _MESSAGE_END:
            lines = lines[:i]
            break
    at = next((i for i, line in enumerate(lines) if _EXPLANATION.match(line)), None)
    if at is None:
        return None
    gb_type = next((line.strip() for line in reversed(lines[:at]) if line.strip()), "")
    if gb_type.startswith("Graph Break Reason:"):
        gb_type = gb_type[len("Graph Break Reason:"):].strip()
    if not gb_type:
        return None
    out = {"type": gb_type}
    explanation = [_EXPLANATION.match(lines[at]).group(1).strip()]
    hints = []
    section = "explanation"
    for line in lines[at + 1:]:
        if not line.strip():
            section = None
            continue
        hint = _HINT.match(line)
        if hint:
            hints.append(hint.group(1).strip())
            section = "hint"
        elif _DEBUG_CONTEXT.match(line) or _GB_LINK.search(line):
            section = None
        elif section == "explanation":
            explanation.append(line.strip())
        elif section == "hint":
            hints[-1] = f"{hints[-1]}\n{line.strip()}"
    explanation = "\n".join(part for part in explanation if part)
    if explanation:
        out["explanation"] = explanation
    if hints:
        out["hints"] = hints
    link = _GB_LINK.search("\n".join(lines))
    if link and _GB_ID.fullmatch(link.group(1).upper()):    # another form of id: left out, never refused
        out["gb_id"] = link.group(1).upper()
    return out


def _break_fields(reason_text, free_text=True):
    """{"reason", "gb_id"?, "explanation"?, "hints"?} of a graph-break reason: the graph-break
    type and its parts where the message is structured (2.8+), else the text of its
    ``Reason:`` line, else (``free_text``) its first line."""
    structured = _structured_message(reason_text)
    if structured:
        fields = {"reason": structured.pop("type")}
        fields.update(structured)
        return fields
    lines = [line.strip() for line in str(reason_text or "").splitlines() if line.strip()]
    for i, line in enumerate(lines):
        if line in _MESSAGE_END:
            lines = lines[:i]
            break
    for line in lines:
        for prefix in _REASON_PREFIXES:
            if line.startswith(prefix) and line[len(prefix):].strip():
                return {"reason": line[len(prefix):].strip()}
    return {"reason": lines[0] if lines and free_text else "graph break (no reason logged)"}


_FRAME = re.compile(r'^\s+File "(.+)", line (\d+)')


def _is_pytorch(path):
    path = path.replace("\\", "/")
    return path.startswith("torch/") or "/site-packages/torch/" in path or "/dist-packages/torch/" in path


def _user_frame(lines):
    """(path, line) of the innermost frame of the first ``User code traceback:`` whose file is not
    PyTorch's (``torch/``, ``site-packages/torch/``, ``dist-packages/torch/``), or None."""
    frame = None
    try:
        start = [line.strip() for line in lines].index("User code traceback:") + 1
    except ValueError:
        return None
    for line in lines[start:]:
        if not line.strip() or not line[0].isspace():
            break
        m = _FRAME.match(line)
        if m and not _is_pytorch(m.group(1)):
            frame = (m.group(1), int(m.group(2)))
    return frame


def _parse_break(payload):
    """The break of a dynamo_graph_break_reason payload, or None: {"path", "line", "reason",
    and where PyTorch gives them (2.8+) "gb_id", "explanation", "hints"; "user_frame" (path, line)
    where the message has a user code traceback}. ``path`` is the file
    exactly as PyTorch logged it."""
    if not isinstance(payload, str):
        return None
    lines = payload.splitlines()
    for i, line in enumerate(lines):
        m = _BREAK_AT.match(line.strip())
        if m:
            fields = _break_fields("\n".join(lines[i + 1:]), free_text=False)
            frame = _user_frame(lines)
            if frame is not None:
                fields["user_frame"] = frame
            return dict(path=m.group(1), line=int(m.group(2)), **fields)
    return None


def _reasons(payload):
    """The guard failures of a recompile_reasons payload: a JSON list, or (2.14: a lone reason)
    bare text although the artifact says "encoding": "json". Blank lines are dropped (as tlparse
    does) and every reason is trimmed."""
    if payload is None:
        return []
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


class _Compile:
    """What the structured trace said about one compile id (one attempt to make a variant)."""

    def __init__(self, cid):
        self.id = cid
        self.first_ns = None
        self.last_ns = None
        self.started = False
        self.metrics = None
        self.guard_failures = None
        self.breaks = []

    @property
    def made_variant(self):
        if self.metrics is None:
            return False
        if "has_guarded_code" in self.metrics:
            return bool(self.metrics["has_guarded_code"])
        return self.metrics.get("fail_type") is None

    @property
    def compile_ms(self):
        m = self.metrics or {}
        for key, scale in (("entire_frame_compile_time_s", 1e3), ("dynamo_cumulative_compile_time_us", 1e-3),
                           ("dynamo_time_before_restart_s", 1e3)):
            value = m.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
                return max(0.0, float(value) * scale)
        return 0.0

    @property
    def fallback_reason(self):
        m = self.metrics
        if m is None:
            if self.guard_failures is not None:
                return RECOMPILE_LIMIT_REASON
            return "the compile did not finish (no compilation_metrics was logged)"
        if m.get("fail_type"):
            structured = _structured_message(m.get("fail_reason"))
            if structured:     # 2.8+: the graph-break type ("Dynamo recompile limit exceeded")
                return f"{m['fail_type']}: {structured['type']}"
            # fail_reason can run to a page (hints, tracebacks): keep its first paragraph, one line
            detail = str(m.get("fail_reason") or "").strip().split("\n\n")[0]
            detail = " ".join(detail.split())
            return f"{m['fail_type']}: {detail}" if detail else str(m["fail_type"])
        return "Dynamo skipped the frame: no graph was captured (it runs eagerly)"


# Records that carry a compile id but are no compile: runtime metrics (2.14), and the metrics of a
# backward compile (2.6 also writes one for the compile id that hit the recompile limit).
_NOT_COMPILES = ("compilation_metrics_runtime", "bwd_compilation_metrics")


def _compiles_in(records):
    """compile id -> _Compile, in order of first appearance, for the records of one call."""
    compiles = {}
    for ns, metadata, payload in records:
        kind = _record_kind(metadata)
        if kind == "artifact" and (metadata.get("artifact") or {}).get("name") == MARKER_ARTIFACT:
            continue
        if kind in _NOT_COMPILES:
            continue
        cid = _compile_id(metadata)
        if kind == "compilation_metrics":
            cid = cid or (metadata["compilation_metrics"] or {}).get("compile_id")
            if not (isinstance(cid, str) and _GRAPH_ID.fullmatch(cid)):
                continue
        if cid is None:
            continue
        if kind == "dynamo_start" and cid in compiles and compiles[cid].metrics is not None:
            # the same id again after a finished compile: only possible after a reset; keep the new one
            del compiles[cid]
        c = compiles.setdefault(cid, _Compile(cid))
        c.first_ns = ns if c.first_ns is None else c.first_ns
        c.last_ns = ns
        if kind == "dynamo_start":
            c.started = True
        elif kind == "compilation_metrics":
            c.metrics = metadata["compilation_metrics"] or {}
        elif kind == "artifact":
            name = (metadata.get("artifact") or {}).get("name")
            if name == "recompile_reasons":
                c.guard_failures = _reasons(payload)
            elif name == "dynamo_graph_break_reason":
                parsed = _parse_break(payload)
                if parsed:
                    c.breaks.append(parsed)
    return compiles


# --------------------------------------------------------------------------------------------
# Profiler spans -> regions, graph spans, islands

_REGION = re.compile(r"Torch-Compiled Region: (\d+)/(\d+)$")
_GRAPH_SPAN = re.compile(r"(graph_\d+_inductor_wrapper_call|inductor_wrapper_call)$")
_CALL_SPAN = "compile_receipt_call"


class _Span:
    __slots__ = ("name", "start", "end", "thread")

    def __init__(self, name, start, end, thread):
        self.name, self.start, self.end, self.thread = name, start, end, thread

    def contains(self, other):
        return self.start <= other.start and other.end <= self.end and self is not other


def _spans(prof):
    out = []
    for e in prof.events():
        tr = e.time_range
        out.append(_Span(e.name, float(tr.start), float(tr.end), getattr(e, "thread", 0)))
    return out


def _outermost(spans):
    spans = sorted(spans, key=lambda s: (s.start, -s.end))
    out = []
    for s in spans:
        if out and out[-1].contains(s):
            continue
        out.append(s)
    return out


def _regions_of_call(spans):
    """[(graph id, region span, parent region or None, own graph spans)] in start order."""
    regions = sorted((s for s in spans if _REGION.match(s.name)), key=lambda s: (s.start, -s.end))
    graph_spans = [s for s in spans if _GRAPH_SPAN.match(s.name)]
    compile_spans = _outermost([s for s in spans if s.name.endswith("(dynamo_timed)")])

    def innermost(span):
        best = None
        for r in regions:
            if r is not span and r.thread == span.thread and r.contains(span):
                if best is None or best.contains(r):
                    best = r
        return best

    parents = {id(r): innermost(r) for r in regions}
    own = {id(r): [] for r in regions}
    for g in graph_spans:
        r = innermost(g)
        if r is not None:
            own[id(r)].append(g)
    out = []
    for r in regions:
        m = _REGION.match(r.name)
        out.append((f"{int(m.group(1))}/{int(m.group(2))}", r, parents[id(r)], own[id(r)]))
    return out, compile_spans, spans


def _region_timing(region, own, all_regions, compile_spans, spans):
    """(ms, graph end) of one region: its own graph span(s) when Inductor marked them, else its
    exclusive time (less nested regions and compiles) and the end of its last direct child op."""
    if own:
        return sum(g.end - g.start for g in own) / 1000.0, max(g.end for g in own)
    nested = _outermost([r for r in all_regions if region.contains(r)] +
                        [c for c in compile_spans if region.contains(c)])
    exclusive = (region.end - region.start) - sum(n.end - n.start for n in nested)
    limit = min([n.start for n in nested] or [region.end])
    ends = [s.end for s in spans if region.contains(s) and s.end <= limit and not _REGION.match(s.name)
            and s.name != "TorchDynamo Cache Lookup" and s.name != _CALL_SPAN
            and not s.name.endswith("(dynamo_timed)")]
    return max(0.0, exclusive) / 1000.0, max(ends) if ends else region.start


# --------------------------------------------------------------------------------------------
# Output check

def _leaves(value, path="out"):
    import torch
    if isinstance(value, torch.Tensor):
        yield path, value
    elif isinstance(value, (list, tuple)):
        yield path + ".len", len(value)
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        yield path + ".keys", tuple(sorted(map(str, value)))
        for k in sorted(value, key=str):
            yield from _leaves(value[k], f"{path}[{k!r}]")
    elif hasattr(value, "__dataclass_fields__") or hasattr(value, "to_tuple"):
        items = value.to_tuple() if hasattr(value, "to_tuple") else tuple(
            getattr(value, f) for f in value.__dataclass_fields__)
        yield from _leaves(tuple(items), path)
    else:
        yield path, value


def _detach(value):
    import torch
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[_detach(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_detach(v) for v in value)
    if isinstance(value, dict):
        return {k: _detach(v) for k, v in value.items()}
    try:
        return copy.deepcopy(value)
    except Exception:
        return value


def _check(out, ref, atol, rtol):
    """{"max_abs_err": float, "ok": bool} of ``out`` against ``ref`` (max_abs_err is left out
    when it is not a finite number: shapes or NaN positions differ)."""
    import torch
    a, b = list(_leaves(out)), list(_leaves(ref))
    ok = len(a) == len(b)
    err = 0.0
    finite = True
    for (pa, va), (pb, vb) in zip(a, b):
        if pa != pb:
            ok = False
            finite = False
            continue
        if isinstance(va, torch.Tensor) and isinstance(vb, torch.Tensor):
            if va.shape != vb.shape:
                ok, finite = False, False
                continue
            if va.numel() == 0:
                continue
            x = va.detach().to("cpu")
            y = vb.detach().to("cpu")
            if x.is_complex() or y.is_complex():
                x, y = x.to(torch.complex128), y.to(torch.complex128)
                nan_x, nan_y = torch.isnan(x.real) | torch.isnan(x.imag), torch.isnan(y.real) | torch.isnan(y.imag)
            else:
                x, y = x.to(torch.float64), y.to(torch.float64)
                nan_x, nan_y = torch.isnan(x), torch.isnan(y)
            if not torch.equal(nan_x, nan_y):
                ok, finite = False, False
                continue
            keep = ~nan_x
            x, y = x[keep], y[keep]
            if x.numel() == 0:
                continue
            same_inf = (x == y)            # equal infinities have an error of 0
            diff = torch.where(same_inf, torch.zeros((), dtype=torch.float64), (x - y).abs().to(torch.float64))
            if not bool(torch.isfinite(diff).all()):
                ok, finite = False, False
                continue
            err = max(err, float(diff.max()))
            bound = atol + rtol * y.abs().to(torch.float64)
            if not bool((diff <= bound).all()):
                ok = False
        elif isinstance(va, torch.Tensor) or isinstance(vb, torch.Tensor):
            ok, finite = False, False
        elif isinstance(va, (int, float)) and isinstance(vb, (int, float)) and not isinstance(va, bool):
            d = abs(float(va) - float(vb))
            if not math.isfinite(d):
                ok = ok and va == vb
                continue
            err = max(err, d)
            ok = ok and d <= atol + rtol * abs(float(vb))
        else:
            ok = ok and va == vb
    check = {"ok": bool(ok)}
    if finite:
        check["max_abs_err"] = _round(err)
    return check


# --------------------------------------------------------------------------------------------
# The capture

def _round(x):
    x = float(x)
    if not math.isfinite(x):
        raise CaptureError(f"a measured value is not finite: {x}")
    return round(max(0.0, x), 4) + 0.0


def _counters_snapshot():
    from torch._dynamo.utils import counters
    return {k: dict(v) for k, v in counters.items()}


def _counters_diff(before, after):
    out = {}
    for group, values in after.items():
        old = before.get(group, {})
        diff = {k: v - old.get(k, 0) for k, v in values.items() if v - old.get(k, 0) != 0}
        if diff:
            out[group] = diff
    return out


def _first_tensor(value):
    import torch
    if isinstance(value, torch.Tensor):
        return value
    if isinstance(value, Args):
        return _first_tensor(list(value.args) + list(value.kwargs.values()))
    if isinstance(value, (list, tuple)):
        for v in value:
            t = _first_tensor(v)
            if t is not None:
                return t
    if isinstance(value, dict):
        return _first_tensor(list(value.values()))
    return None


def _describe(fn):
    name = getattr(fn, "__qualname__", None) or type(fn).__qualname__
    module = getattr(fn, "__module__", None) or type(fn).__module__
    return f"{module}.{name}" if module and module not in ("__main__", "builtins") else name


def _backend_name(options):
    backend = options.get("backend", "inductor")
    if isinstance(backend, str):
        return backend
    return getattr(backend, "__name__", type(backend).__name__)


def _mode_text(options):
    parts = []
    for key in sorted(options):
        if key == "backend":
            continue
        value = options[key]
        parts.append(f"{key}={value if not callable(value) else getattr(value, '__name__', value)}")
    return ", ".join(parts) or "default"


def _tolerance(tolerance):
    if isinstance(tolerance, dict):
        atol, rtol = float(tolerance.get("atol", 0.0)), float(tolerance.get("rtol", 0.0))
    elif isinstance(tolerance, (tuple, list)):
        atol, rtol = float(tolerance[0]), float(tolerance[1])
    else:
        atol = rtol = float(tolerance)
    if not (math.isfinite(atol) and math.isfinite(rtol) and atol >= 0 and rtol >= 0):
        raise ValueError(f"tolerance must be finite and >= 0, got atol={atol} rtol={rtol}")
    return atol, rtol


class Capture:
    """The result of :func:`capture`: ``trace`` (the compile-trace/1 dict, already validated),
    ``counters`` ({label: what ``torch._dynamo.utils.counters`` counted during that run}) and
    ``path`` (where the trace was written, or None)."""

    def __init__(self, trace, counters, path):
        self.trace, self.counters, self.path = trace, counters, path

    def write(self, path, max_calls=MAX_CALLS, max_events=MAX_EVENTS_PER_CALL):
        self.path = write_trace(self.trace, path, max_calls, max_events)
        return self.path


class _Plan:
    """The calls of one run: [(phase, family, logical key, Args)]."""

    def __init__(self, eager, warmup, steady, changed, repeats, family):
        steady = [Args.of(i) for i in (steady or [])]
        warmup = [Args.of(i) for i in (warmup or [])]
        if isinstance(changed, dict):
            changed_items = []
            for fam, items in changed.items():
                items = items if isinstance(items, list) else [items]
                changed_items.extend((str(fam), Args.of(i)) for i in items)
        else:
            changed_items = [(str(fam), Args.of(i)) for fam, i in (changed or [])]
        if isinstance(eager, int) and not isinstance(eager, bool):
            source = steady or warmup
            if eager and not source:
                raise ValueError("eager=N needs steady or warmup inputs to call")
            eager_items = [source[i % len(source)] for i in range(eager)]
        else:
            eager_items = [Args.of(i) for i in (eager or [])]
        if not isinstance(repeats, int) or repeats < 1:
            raise ValueError(f"repeats must be an integer >= 1, got {repeats!r}")
        self.calls = []
        self.calls += [("eager", family, ("eager", i), a) for i, a in enumerate(eager_items)]
        self.calls += [("warmup", family, ("warmup", i), a) for i, a in enumerate(warmup)]
        self.calls += [("steady", family, ("steady", i), a) for _ in range(repeats) for i, a in enumerate(steady)]
        self.calls += [("changed", fam, ("changed", i), a) for i, (fam, a) in enumerate(changed_items)]
        if not any(p != "eager" for p, *_ in self.calls):
            raise ValueError("nothing to compile: give warmup, steady or changed inputs")


def _clone_args(a):
    return Args(*[_detach(v) for v in a.args], **{k: _detach(v) for k, v in a.kwargs.items()})


def capture(fn, *, candidate=None, eager=3, warmup=(), steady=(), changed=None, repeats=1,
            tolerance=(1e-3, 1e-3), name=None, out=None, compile=None, candidate_compile=None,
            adapt=None, candidate_adapt=None, family="base", fixture=None, relative_to=None,
            max_calls=MAX_CALLS, max_events=MAX_EVENTS_PER_CALL, decision=None):
    """Runs ``fn`` (and ``candidate``) through the phases and returns a :class:`Capture`.

    fn, candidate  the baseline callable and, optionally, the callable after an intervention;
                   both run over the same inputs and the same number of calls per phase
    eager          number of eager control calls (over the steady inputs), or a list of inputs
    warmup, steady lists of inputs, one call each (a tuple = positional args; Args for kwargs);
                   the steady list is called ``repeats`` times
    changed        {family: input or [inputs]} or [(family, input)]: inputs changed on purpose
    tolerance      (atol, rtol), {"atol":, "rtol":} or one number for both; the output check of
                   every call against the baseline callable's eager output on the same input
    compile        keyword arguments of torch.compile for fn (backend, mode, dynamic, ...);
                   candidate_compile for the candidate (default: the same)
    adapt, candidate_adapt
                   optional ``f(*args, **kwargs) -> input`` turning a shared input into what
                   that run's callable takes (e.g. a Python int into a tensor); runs outside
                   the timed window
    family         the family name of eager, warmup and steady calls
    fixture        extra fixture fields (model, revision, device, dtype, mode, ...)
    relative_to    a folder: break sites in files under it are written relative to it, with
                   ``/`` separators (for fixtures that are committed); by default a site is the
                   path exactly as PyTorch logged it, as in the TORCH_TRACE log of the same run
    decision       optional decision record written as the trace's top-level ``decision``:
                   {"intervention": str (required), "rollback_trigger", "warmup_policy",
                   "owner": str, "worker_lifetime_calls": int >= 1}; validated before any call runs
    out            where to write the trace (validated first; nothing is written if invalid)
    """
    if decision is not None:
        _validate_decision(decision)     # a typo fails before minutes of compiling, not after
        decision = dict(decision)
    import torch
    import torch._dynamo
    from torch.profiler import ProfilerActivity, profile, record_function

    atol, rtol = _tolerance(tolerance)
    plan = _Plan(eager, warmup, steady, changed, repeats, str(family))
    compile_opts = dict(compile or {})
    runs_spec = [("baseline", "b", fn, compile_opts, adapt)]
    if candidate is not None:
        runs_spec.append(("candidate", "c", candidate,
                          dict(candidate_compile if candidate_compile is not None else compile_opts),
                          candidate_adapt if candidate_adapt is not None else adapt))
    total = len(plan.calls)
    if total > max_calls:
        raise ValueError(f"{total} calls per run is over the limit of {max_calls} (max_calls=)")

    def prepared(a, fn_adapt):
        if fn_adapt is None:
            return a
        return Args.of(fn_adapt(*a.args, **a.kwargs))

    sample = _first_tensor([a for *_, a in plan.calls])
    device = str(sample.device) if sample is not None else "cpu"
    on_cuda = device.startswith("cuda") and torch.cuda.is_available()

    def sync():
        if on_cuda:
            torch.cuda.synchronize()

    mark = _marker_fn()
    handler = _TraceRecords()
    trace_log = _trace_log()
    old_mark_wrapper = torch._inductor.config.profiler_mark_wrapper_call
    torch._inductor.config.profiler_mark_wrapper_call = True
    trace_log.addHandler(handler)
    runs = []
    counters = {}
    try:
        # The reference: the baseline callable, eagerly, on a copy of every input.
        torch._dynamo.reset()
        references = {}
        for phase, _, key, a in plan.calls:
            if key not in references:
                b = prepared(_clone_args(a), adapt)
                references[key] = _detach(fn(*b.args, **b.kwargs))
        sync()

        for label, prefix, callable_, opts, fn_adapt in runs_spec:
            before = _counters_snapshot()
            torch._dynamo.reset()
            breaks_by_id = {}        # compile id -> its first break (_parse_break), this run
            frames = {}              # frame id -> compilation_metrics of its latest compile
            compiled_fn = None
            calls = []
            width = max(2, len(str(total - 1)))
            for index, (phase, fam, key, a) in enumerate(plan.calls):
                if phase != "eager" and compiled_fn is None:
                    torch._dynamo.reset()
                    compiled_fn = torch.compile(callable_, **opts)
                target = callable_ if phase == "eager" else compiled_fn
                cid = f"{prefix}{index:0{width}d}"
                b = prepared(a, fn_adapt)
                if handler not in trace_log.handlers:   # torch._logging.set_logs() re-inits handlers
                    trace_log.addHandler(handler)
                first = len(handler.records)
                sync()
                with profile(activities=[ProfilerActivity.CPU]) as prof:
                    if mark:
                        mark({"run": label, "id": cid, "phase": phase, "family": fam, "edge": "start"})
                    with record_function(_CALL_SPAN):
                        t0 = time.perf_counter_ns()
                        try:
                            result = target(*b.args, **b.kwargs)
                            sync()
                        except Exception as e:
                            raise CaptureError(f"{label} call {cid} ({phase}, family {fam}) raised "
                                               f"{type(e).__name__}: {e}") from e
                        t1 = time.perf_counter_ns()
                    wall_ms = _round((t1 - t0) / 1e6)
                    if mark:
                        mark({"run": label, "id": cid, "phase": phase, "edge": "end", "wall_ms": wall_ms})
                records = handler.records[first:]
                spans = _spans(prof)
                call = {"id": cid, "phase": phase, "family": fam, "wall_ms": wall_ms,
                        "events": _events(cid, spans, records, t0, breaks_by_id, frames, relative_to)}
                if phase != "eager" or label != "baseline":
                    # the baseline's eager calls are the reference itself
                    call["check"] = _check(result, references[key], atol, rtol)
                calls.append(call)
            runs.append({"label": label, "calls": calls})
            counters[label] = _counters_diff(before, _counters_snapshot())
    finally:
        trace_log.removeHandler(handler)
        torch._inductor.config.profiler_mark_wrapper_call = old_mark_wrapper

    fixture_fields = {"name": name or _describe(fn), "model": _describe(fn), "device": device,
                      "backend": _backend_name(compile_opts), "torch": str(torch.__version__),
                      "tolerance": {"atol": atol, "rtol": rtol}}
    if sample is not None and sample.is_floating_point():
        fixture_fields["dtype"] = str(sample.dtype).replace("torch.", "")
    mode = _mode_text(compile_opts)
    if candidate is not None:
        cand_mode = _mode_text(runs_spec[1][3])
        if _backend_name(runs_spec[1][3]) != fixture_fields["backend"]:
            fixture_fields["backend"] = f"baseline: {fixture_fields['backend']}; candidate: {_backend_name(runs_spec[1][3])}"
        if cand_mode != mode:
            mode = f"baseline: {mode}; candidate: {cand_mode}"
    fixture_fields["mode"] = mode
    fixture_fields.update(fixture or {})
    trace = {"format": FORMAT, "fixture": fixture_fields, "runs": runs}
    if decision is not None:
        trace["decision"] = decision
    validate_trace(trace, max_calls, max_events)
    result = Capture(trace, counters, None)
    if out is not None:
        result.write(out, max_calls, max_events)
    return result


def _events(cid, spans, records, t0_ns, breaks_by_id, frames, relative_to=None):
    """The events of one call, in the order they happened."""
    compiles = _compiles_in(records)
    for c in compiles.values():
        if c.breaks:
            breaks_by_id[c.id] = c.breaks[0]
        if c.metrics is not None:
            frames[c.id.split("/")[0]] = c.metrics
    regions, compile_spans, all_spans = _regions_of_call(spans)
    call_span = next((s for s in all_spans if s.name == _CALL_SPAN), None)
    if call_span is None and (regions or compiles):
        raise CaptureError(f"call {cid}: the profiler recorded no {_CALL_SPAN} span")

    def at(ns):   # a structured-record time on the profiler's clock (us)
        return call_span.start + (ns - t0_ns) / 1000.0

    timeline = []         # (time us, order, event)
    ran = set()
    region_spans = [r for _, r, _, _ in regions]
    previous_end = None
    for n, (graph, span, parent, own) in enumerate(regions):
        ms, graph_end = _region_timing(span, own, region_spans, compile_spans, all_spans)
        c = compiles.get(graph)
        if parent is not None:
            if previous_end is None:
                raise CaptureError(f"call {cid}: region {graph} is nested in no earlier region")
            gap = span.start - previous_end
            gap -= sum(s.end - s.start for s in compile_spans if previous_end <= s.start and s.end <= span.start)
            parent_graph = regions[region_spans.index(parent)][0]
            brk = _break_site(parent_graph, graph, breaks_by_id, frames)
            event = {"kind": "break", "site": _site(brk["path"], brk["line"], relative_to),
                     "reason": brk["reason"], "eager_ms": _round(max(0.0, gap) / 1000.0)}
            for key in ("gb_id", "explanation", "hints"):
                if key in brk:
                    event[key] = copy.deepcopy(brk[key])
            if "user_frame" in brk:
                event["user_frame"] = _site(*brk["user_frame"], relative_to)
            timeline.append((span.start, 2 * n, event))
        event = {"kind": "region", "graph": graph, "ms": _round(ms)}
        if c is not None and c.made_variant and graph not in ran:
            event["cache"] = "compile"
            event["compile_ms"] = _round(c.compile_ms)
            if c.guard_failures:
                event["guard_failures"] = list(c.guard_failures)
        else:
            event["cache"] = "hit"
        ran.add(graph)
        timeline.append((span.start, 2 * n + 1, event))
        previous_end = graph_end
    for c in compiles.values():
        if not (c.started or c.metrics is not None or c.guard_failures is not None):
            continue        # only stray records of that id (artifacts), no compile in this call
        if c.made_variant:
            if c.id not in ran:
                raise CaptureError(f"call {cid}: compile {c.id} made a variant but no 'Torch-Compiled Region: "
                                   f"{c.id}' ran in this call; the profiler missed it")
            continue
        event = {"kind": "fallback", "graph": c.id, "reason": c.fallback_reason,
                 "compile_ms": _round(c.compile_ms)}
        if c.guard_failures:
            event["guard_failures"] = list(c.guard_failures)
        timeline.append((at(c.last_ns), 10 ** 9, event))
    timeline.sort(key=lambda t: (t[0], t[1]))
    return [e for _, _, e in timeline]


def _break_site(parent_graph, graph, breaks_by_id, frames):
    """The break between ``parent_graph`` and the resume frame's ``graph``, as _parse_break gives it."""
    if parent_graph in breaks_by_id:
        return breaks_by_id[parent_graph]
    frame = parent_graph.split("/")[0]
    for cid, value in breaks_by_id.items():
        if cid.split("/")[0] == frame:
            return value
    metrics = frames.get(graph.split("/")[0]) or {}
    m = _RESUME.match(str(metrics.get("co_name") or ""))
    if m:      # older logs: the break only as restart_reasons and a resume frame
        reasons = (frames.get(frame) or {}).get("restart_reasons") or []
        fields = _break_fields(str(reasons[0])) if reasons else {"reason": "graph break (no reason logged)"}
        return dict(path=str(metrics.get("co_filename") or "?"), line=int(m.group(2)), **fields)
    raise CaptureError(f"region {graph} is nested in {parent_graph}, but no graph break was logged for "
                       f"{parent_graph} and {graph} is no resume frame")


# --------------------------------------------------------------------------------------------
# Command line

def _load_module(spec):
    if spec.endswith(".py") or os.sep in spec:
        path = os.path.abspath(spec)
        name = os.path.splitext(os.path.basename(path))[0]
        sys.path.insert(0, os.path.dirname(path))
        module_spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
        return module
    sys.path.insert(0, os.getcwd())
    return importlib.import_module(spec)


def _attr(module, dotted):
    value = module
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


_UNSET = object()


def _bool_or_none(text):
    return {"true": True, "false": False, "none": None}[text.lower()]


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="python3 -m compile_receipt_capture",
        description="Run a callable (and optionally a candidate) through eager, warmup, steady and "
                    "changed calls under torch.compile and write a compile-trace/1 trace.",
        epilog="The --inputs function returns a dict of capture() keyword arguments: warmup, steady, "
               "changed, and optionally eager, repeats, adapt, candidate_adapt, compile, "
               "candidate_compile, family, fixture, tolerance, relative_to, decision.")
    p.add_argument("--module", required=True, help="module name (importable from the current directory) or .py file")
    p.add_argument("--baseline", required=True, help="name of the baseline callable in the module")
    p.add_argument("--candidate", help="name of the candidate callable (after the fix)")
    p.add_argument("--inputs", default="capture_inputs",
                   help="name of a function in the module returning the capture() inputs (default: capture_inputs)")
    p.add_argument("--out", required=True, help="where to write the trace")
    p.add_argument("--name", help="fixture name (default: the baseline's name)")
    p.add_argument("--backend", help="torch.compile backend (default: inductor)")
    p.add_argument("--mode", help="torch.compile mode")
    p.add_argument("--dynamic", type=_bool_or_none, default=_UNSET, help="torch.compile dynamic: true, false or none")
    p.add_argument("--candidate-dynamic", type=_bool_or_none, default=_UNSET,
                   help="dynamic for the candidate only")
    p.add_argument("--eager", type=int, help="number of eager control calls (default 3)")
    p.add_argument("--repeats", type=int, help="how often each steady input is called (default 1)")
    p.add_argument("--atol", type=float, help="absolute tolerance of the output check (default 1e-3)")
    p.add_argument("--rtol", type=float, help="relative tolerance of the output check (default 1e-3)")
    p.add_argument("--suppress-errors", action="store_true",
                   help="set torch._dynamo.config.suppress_errors = True (backend failures fall back to eager)")
    p.add_argument("--relative-to", metavar="DIR",
                   help="write break sites in files under DIR relative to it (default: the path PyTorch logged)")
    p.add_argument("--decision", metavar="JSON",
                   help="the decision record as a JSON object, or @FILE for a file holding one "
                        "(intervention, rollback_trigger, warmup_policy, owner, worker_lifetime_calls)")
    p.add_argument("--max-calls", type=int, default=MAX_CALLS)
    p.add_argument("--max-events", type=int, default=MAX_EVENTS_PER_CALL)
    args = p.parse_args(argv)

    module = _load_module(args.module)
    kwargs = dict(_attr(module, args.inputs)())
    compile_opts = dict(kwargs.pop("compile", None) or {})
    for key, value in (("backend", args.backend), ("mode", args.mode)):
        if value is not None:
            compile_opts[key] = value
    if args.dynamic is not _UNSET:
        compile_opts["dynamic"] = args.dynamic
    candidate_compile = kwargs.pop("candidate_compile", None)
    if args.candidate_dynamic is not _UNSET:
        candidate_compile = dict(candidate_compile or compile_opts)
        candidate_compile["dynamic"] = args.candidate_dynamic
    if args.eager is not None:
        kwargs["eager"] = args.eager
    if args.repeats is not None:
        kwargs["repeats"] = args.repeats
    if args.atol is not None or args.rtol is not None:
        atol, rtol = _tolerance(kwargs.get("tolerance", (1e-3, 1e-3)))
        kwargs["tolerance"] = (args.atol if args.atol is not None else atol,
                               args.rtol if args.rtol is not None else rtol)
    if args.decision is not None:
        try:
            if args.decision.startswith("@"):
                with open(args.decision[1:], encoding="utf-8") as f:
                    kwargs["decision"] = json.load(f)
            else:
                kwargs["decision"] = json.loads(args.decision)
        except (OSError, ValueError) as e:
            print(f"compile_receipt_capture: --decision: {e}", file=sys.stderr)
            return 2
    if args.suppress_errors:
        import torch._dynamo
        torch._dynamo.config.suppress_errors = True
    try:
        result = capture(_attr(module, args.baseline),
                         candidate=_attr(module, args.candidate) if args.candidate else None,
                         compile=compile_opts, candidate_compile=candidate_compile,
                         name=args.name or kwargs.pop("name", None) or args.baseline, out=args.out,
                         relative_to=args.relative_to if args.relative_to is not None else kwargs.pop("relative_to", None),
                         max_calls=args.max_calls, max_events=args.max_events,
                         **{k: v for k, v in kwargs.items() if k not in ("name", "relative_to")})
    except (TraceError, CaptureError) as e:
        print(f"compile_receipt_capture: {e}", file=sys.stderr)
        return 1
    for run in result.trace["runs"]:
        summary = _summary(run)
        print(f"{run['label']}: {len(run['calls'])} calls, {summary['compiles']} compiles, {summary['hits']} hits, "
              f"{summary['breaks']} breaks, {summary['fallbacks']} fallbacks, {summary['check_failed']} checks failed")
    print(f"wrote {result.path}")
    return 0


def _summary(run):
    s = {"compiles": 0, "hits": 0, "breaks": 0, "fallbacks": 0, "check_failed": 0}
    for call in run["calls"]:
        if call.get("check", {}).get("ok") is False:
            s["check_failed"] += 1
        for e in call["events"]:
            if e["kind"] == "region":
                s["compiles" if e["cache"] == "compile" else "hits"] += 1
            elif e["kind"] == "break":
                s["breaks"] += 1
            else:
                s["fallbacks"] += 1
    return s


if __name__ == "__main__":
    sys.exit(main())
