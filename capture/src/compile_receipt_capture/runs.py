"""The capture loop: the baseline run and, optionally, the candidate run of a callable, call by call
under torch.profiler and PyTorch's structured trace, into one validated compile-trace/1 trace.
torch is imported when :func:`capture` runs, after its arguments are checked.

    from compile_receipt_capture import capture
    result = capture(model, candidate=fixed, warmup=[(x,)], steady=[(x,)] * 4, out="trace.json")
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import output_check, structured_log
from . import warm_start as warm_starts
from .call_events import CaptureError, RunHistory, events_of_call
from .calls import Args, Changed, Plan
from .contract import FORMAT, MAX_CALLS, MAX_EVENTS_PER_CALL, PHASES, WARM_START_PHASES, Json, rounded, \
    validate_decision, validate_trace, write_trace
from .profile_out import RunProfile, run_path
from .profiler_spans import CALL_SPAN, regions_of_call, spans_of

Counters = dict[str, dict[str, int]]
Tolerance = tuple[float, float] | list[float] | Mapping[str, float] | float
Adapt = Callable[..., Any]


class Capture:
    """The result of :func:`capture`: ``trace`` (the compile-trace/1 dict, already validated),
    ``counters`` ({label: what ``torch._dynamo.utils.counters`` counted during that run}) and
    ``path`` (where the trace was written, or None), ``profiles`` ({label: where that run's
    torch.profiler trace was written}, with ``profile_out=``), and with a warm start ``warm_counters``
    (the same counts in the warm process; else None) and ``warm_env`` (the variables it changed,
    ``{}`` for none; else None)."""

    def __init__(self, trace: Json, counters: dict[str, Counters], path: str | None,
                 warm_counters: dict[str, Counters] | None = None) -> None:
        self.trace, self.counters, self.path = trace, counters, path
        self.warm_counters = warm_counters
        self.profiles: dict[str, str] = {}
        self.warm_env: dict[str, str] | None = None

    def write(self, path: str, max_calls: int = MAX_CALLS, max_events: int = MAX_EVENTS_PER_CALL) -> str:
        self.path = write_trace(self.trace, path, max_calls, max_events)
        return self.path


def _counters_snapshot() -> Counters:
    from torch._dynamo.utils import counters
    return {k: dict(v) for k, v in counters.items()}


def _counters_diff(before: Counters, after: Counters) -> Counters:
    out = {}
    for group, values in after.items():
        old = before.get(group, {})
        diff = {k: v - old.get(k, 0) for k, v in values.items() if v - old.get(k, 0) != 0}
        if diff:
            out[group] = diff
    return out


def _first_tensor(value: Any) -> Any:
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


def _describe(fn: Any) -> str:
    name = getattr(fn, "__qualname__", None) or type(fn).__qualname__
    module = getattr(fn, "__module__", None) or type(fn).__module__
    return f"{module}.{name}" if module and module not in ("__main__", "builtins") else name


def _backend_name(options: Mapping[str, Any]) -> str:
    backend = options.get("backend", "inductor")
    if isinstance(backend, str):
        return backend
    return getattr(backend, "__name__", type(backend).__name__)


def _mode_text(options: Mapping[str, Any]) -> str:
    parts = []
    for key in sorted(options):
        if key == "backend":
            continue
        value = options[key]
        parts.append(f"{key}={value if not callable(value) else getattr(value, '__name__', value)}")
    return ", ".join(parts) or "default"


def tolerance_of(tolerance: Tolerance) -> tuple[float, float]:
    """(atol, rtol) of ``(atol, rtol)``, ``{"atol":, "rtol":}`` or one number for both."""
    if isinstance(tolerance, Mapping):
        atol, rtol = float(tolerance.get("atol", 0.0)), float(tolerance.get("rtol", 0.0))
    elif isinstance(tolerance, (tuple, list)):
        atol, rtol = float(tolerance[0]), float(tolerance[1])
    else:
        atol = rtol = float(tolerance)
    if not (math.isfinite(atol) and math.isfinite(rtol) and atol >= 0 and rtol >= 0):
        raise ValueError(f"tolerance must be finite and >= 0, got atol={atol} rtol={rtol}")
    return atol, rtol


def _clone_args(a: Args) -> Args:
    return Args(*[output_check.snapshot(v) for v in a.args],
                **{k: output_check.snapshot(v) for k, v in a.kwargs.items()})


def _prepared(a: Args, adapt: Adapt | None) -> Args:
    return a if adapt is None else Args.of(adapt(*a.args, **a.kwargs))


def capture(fn: Callable[..., Any], *, candidate: Callable[..., Any] | None = None,
            eager: int | Sequence[Any] = 3, warmup: Sequence[Any] = (), steady: Sequence[Any] = (),
            changed: Changed = None, repeats: int = 1, tolerance: Tolerance = (1e-3, 1e-3),
            name: str | None = None, out: str | None = None, compile: Mapping[str, Any] | None = None,
            candidate_compile: Mapping[str, Any] | None = None, adapt: Adapt | None = None,
            candidate_adapt: Adapt | None = None, family: str = "base", fixture: Mapping[str, Any] | None = None,
            relative_to: str | None = None, max_calls: int = MAX_CALLS, max_events: int = MAX_EVENTS_PER_CALL,
            decision: Mapping[str, Any] | None = None, warm_start: Any = None,
            warm_env: Mapping[str, str] | None = None, profile_out: str | None = None) -> Capture:
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
    warm_start     optional: also replay each run's eager control and warmup calls in a fresh
                   Python process that reuses this one's Inductor and Triton cache folders, as the
                   run's ``warm_start`` (warm_start.py). The value says how that process rebuilds
                   these arguments: a module-level function (or "module:function") returning this
                   call's keyword arguments with ``fn=``, or :func:`warm_start.cli_source`
    warm_env       optional {"NAME": "VALUE"}: a change the warm process runs with (set in its
                   environment before it imports torch), so that the warm start shows what that
                   change does to the caches; needs warm_start; cache folders and TORCH_TRACE refused
    out            where to write the trace (validated first; nothing is written if invalid)
    profile_out    where to write each run's torch.profiler trace (Chrome trace JSON, as
                   ``export_chrome_trace`` writes it; one file per run, every call inside its
                   ``compile_receipt_call`` span): the baseline's at this path, the candidate's
                   beside it (``x.json`` -> ``x-candidate.json``); written with the trace; the
                   warm start's calls are not profiled
    """
    if decision is not None:
        validate_decision(decision)     # a typo fails before minutes of compiling, not after
        decision = dict(decision)
    source = warm_starts.request_of(warm_start) if warm_start not in (None, False) else None
    changes = warm_starts.warm_env_of(warm_env) if warm_env is not None else None
    if changes and source is None:
        raise ValueError("warm_env is a change for the warm process: give warm_start too")
    if source is not None and not any(c.phase in WARM_START_PHASES
                                      for c in Plan(eager, warmup, steady, changed, repeats, str(family)).calls):
        raise ValueError("warm_start replays the eager control and warmup calls: give eager or warmup calls")
    profiles: dict[str, RunProfile] | None = {} if profile_out is not None else None
    with warm_starts.cache_folders(source is not None):
        trace, counters = _recorded(fn, candidate, eager, warmup, steady, changed, repeats, tolerance, name,
                                    compile, candidate_compile, adapt, candidate_adapt, family, fixture,
                                    relative_to, max_calls, decision, PHASES, profiles)
        warm_counters = warm_starts.attach(trace, source, changes) if source is not None else None
    validate_trace(trace, max_calls, max_events)
    captured = Capture(trace, counters, None, warm_counters)
    captured.warm_env = dict(changes or {}) if source is not None else None
    if out is not None:
        captured.write(out, max_calls, max_events)
    if profile_out is not None:
        for label, run_profile in (profiles or {}).items():
            captured.profiles[label] = run_profile.write(run_path(profile_out, label))
    return captured


def replay_calls(fn: Callable[..., Any], **kwargs: Any) -> tuple[dict[str, list[Json]], dict[str, Counters]]:
    """The warm process's part (warm_start.py): with :func:`capture`'s arguments, only the eager control
    and warmup calls of each run, ids as in the first process: ({label: calls}, {label: counters})."""
    for key in ("out", "warm_start", "warm_env", "max_events", "profile_out"):
        kwargs.pop(key, None)
    args = {key: kwargs.pop(key, default) for key, default in _RECORDED_DEFAULTS.items()}
    if kwargs:
        raise TypeError(f"replay_calls() got unexpected keyword arguments {sorted(kwargs)}")
    trace, counters = _recorded(fn, **args, phases=WARM_START_PHASES, profiles=None)
    return {run["label"]: run["calls"] for run in trace["runs"]}, counters


_RECORDED_DEFAULTS: dict[str, Any] = {
    "candidate": None, "eager": 3, "warmup": (), "steady": (), "changed": None, "repeats": 1,
    "tolerance": (1e-3, 1e-3), "name": None, "compile": None, "candidate_compile": None, "adapt": None,
    "candidate_adapt": None, "family": "base", "fixture": None, "relative_to": None, "max_calls": MAX_CALLS,
    "decision": None}


def _recorded(fn: Callable[..., Any], candidate: Callable[..., Any] | None, eager: int | Sequence[Any],
              warmup: Sequence[Any], steady: Sequence[Any], changed: Changed, repeats: int, tolerance: Tolerance,
              name: str | None, compile: Mapping[str, Any] | None, candidate_compile: Mapping[str, Any] | None,
              adapt: Adapt | None, candidate_adapt: Adapt | None, family: str, fixture: Mapping[str, Any] | None,
              relative_to: str | None, max_calls: int, decision: Mapping[str, Any] | None,
              phases: Sequence[str], profiles: dict[str, RunProfile] | None) -> tuple[Json, dict[str, Counters]]:
    """The trace (not yet validated) and counters of the runs, with only the calls in ``phases``;
    each run's torch.profiler trace is gathered into ``profiles`` when it is a dict."""
    import torch
    import torch._dynamo
    from torch.profiler import ProfilerActivity, profile, record_function

    atol, rtol = tolerance_of(tolerance)
    plan = Plan(eager, warmup, steady, changed, repeats, str(family))
    compile_opts = dict(compile or {})
    runs_spec: list[tuple[str, str, Callable[..., Any], dict[str, Any], Adapt | None]] = [
        ("baseline", "b", fn, compile_opts, adapt)]
    if candidate is not None:
        runs_spec.append(("candidate", "c", candidate,
                          dict(candidate_compile if candidate_compile is not None else compile_opts),
                          candidate_adapt if candidate_adapt is not None else adapt))
    total = len(plan.calls)
    if total > max_calls:
        raise ValueError(f"{total} calls per run is over the limit of {max_calls} (max_calls=)")

    sample = _first_tensor([c.args for c in plan.calls])
    device = str(sample.device) if sample is not None else "cpu"
    on_cuda = device.startswith("cuda") and torch.cuda.is_available()

    def sync() -> None:
        if on_cuda:
            torch.cuda.synchronize()

    mark = structured_log.marker_writer()
    mark_run = structured_log.run_marker_logger()
    handler = structured_log.TraceRecords()
    trace_log = structured_log.trace_log()
    old_mark_wrapper = torch._inductor.config.profiler_mark_wrapper_call
    torch._inductor.config.profiler_mark_wrapper_call = True
    trace_log.addHandler(handler)
    runs: list[Json] = []
    counters: dict[str, Counters] = {}
    try:
        # The reference: the baseline callable, eagerly, on a copy of every input.
        torch._dynamo.reset()
        references: dict[tuple[str, int], Any] = {}
        for planned in plan.calls:
            if planned.phase in phases and planned.key not in references:
                b = _prepared(_clone_args(planned.args), adapt)
                references[planned.key] = output_check.snapshot(fn(*b.args, **b.kwargs))
        sync()

        width = max(2, len(str(total - 1)))
        for label, prefix, callable_, opts, fn_adapt in runs_spec:
            if mark_run:
                mark_run(label)
            before = _counters_snapshot()
            torch._dynamo.reset()
            history = RunHistory()
            compiled_fn: Callable[..., Any] | None = None
            calls = []
            run_profile = profiles.setdefault(label, RunProfile()) if profiles is not None else None
            for index, planned in enumerate(plan.calls):
                phase, fam = planned.phase, planned.family
                if phase not in phases:
                    continue
                if phase == "eager":
                    target = callable_
                else:
                    if compiled_fn is None:
                        torch._dynamo.reset()
                        compiled_fn = torch.compile(callable_, **opts)
                    target = compiled_fn
                cid = f"{prefix}{index:0{width}d}"
                b = _prepared(planned.args, fn_adapt)
                if handler not in trace_log.handlers:   # torch._logging.set_logs() re-inits handlers
                    trace_log.addHandler(handler)
                first = len(handler.records)
                sync()
                with profile(activities=[ProfilerActivity.CPU]) as prof:
                    if mark:
                        mark({"run": label, "id": cid, "phase": phase, "family": fam, "edge": "start"})
                    with record_function(CALL_SPAN):
                        t0 = time.perf_counter_ns()
                        try:
                            result = target(*b.args, **b.kwargs)
                            sync()
                        except Exception as e:
                            raise CaptureError(f"{label} call {cid} ({phase}, family {fam}) raised "
                                               f"{type(e).__name__}: {e}") from e
                        t1 = time.perf_counter_ns()
                    wall_ms = rounded((t1 - t0) / 1e6)
                    if mark:
                        mark({"run": label, "id": cid, "phase": phase, "edge": "end", "wall_ms": wall_ms})
                spans = regions_of_call(spans_of(prof))
                if run_profile is not None:
                    run_profile.add(prof)
                call: Json = {"id": cid, "phase": phase, "family": fam, "wall_ms": wall_ms,
                              "events": events_of_call(cid, spans, handler.records[first:], t0, history,
                                                       relative_to)}
                if phase != "eager" or label != "baseline":
                    # the baseline's eager calls are the reference itself
                    call["check"] = output_check.check(result, references[planned.key], atol, rtol)
                calls.append(call)
            runs.append({"label": label, "calls": calls})
            counters[label] = _counters_diff(before, _counters_snapshot())
    finally:
        trace_log.removeHandler(handler)
        torch._inductor.config.profiler_mark_wrapper_call = old_mark_wrapper

    fixture_fields: Json = {"name": name or _describe(fn), "model": _describe(fn), "device": device,
                            "backend": _backend_name(compile_opts), "torch": str(torch.__version__),
                            "tolerance": {"atol": atol, "rtol": rtol}}
    if sample is not None and sample.is_floating_point():
        fixture_fields["dtype"] = str(sample.dtype).replace("torch.", "")
    mode = _mode_text(compile_opts)
    if candidate is not None:
        candidate_opts = runs_spec[1][3]
        if _backend_name(candidate_opts) != fixture_fields["backend"]:
            fixture_fields["backend"] = (f"baseline: {fixture_fields['backend']}; "
                                         f"candidate: {_backend_name(candidate_opts)}")
        if _mode_text(candidate_opts) != mode:
            mode = f"baseline: {mode}; candidate: {_mode_text(candidate_opts)}"
    fixture_fields["mode"] = mode
    fixture_fields.update(fixture or {})
    trace: Json = {"format": FORMAT, "fixture": fixture_fields, "runs": runs}
    if decision is not None:
        trace["decision"] = decision
    return trace, counters
