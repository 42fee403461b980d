"""Capture torch.compile runs as ``compile-trace/1`` traces for compile-receipt.

Standard library and torch only (torch is imported when a capture runs, not by ``import``).
Install with ``pip install ./capture`` or put ``capture/src`` on ``PYTHONPATH``. Its modules:
``contract`` (the compile-trace/1 rules and the decision record), ``calls`` (the inputs and the
plan of a run), ``runs`` (the capture loop), ``call_events`` (a call's events from its spans and
records), ``structured_log`` (PyTorch's structured trace), ``compile_split`` (a compile's stages
and cache outcomes), ``breaks`` (PyTorch's graph-break messages), ``profiler_spans``,
``profile_out`` (each run's torch.profiler trace, with ``profile_out=``), ``output_check`` (the
check against eager), ``warm_start`` (the replay in a fresh process with the first one's cache
folders), ``warm_process`` (that fresh process's side) and ``cli``.

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

``warm_start=make_inputs`` (a module-level function returning these keyword arguments, ``fn=``
included) adds each run's ``warm_start``: its eager control and warmup calls again in a fresh
process that reuses this one's Inductor/Triton cache folders (with ``TORCH_TRACE=DIR``, its log is
written to ``DIR/warm/``); compile events carry ``stages`` and ``artifact_cache`` (FX graph and
AOTAutograd cache hit/miss/bypass) from the structured log. ``warm_env={"NAME": "VALUE"}``
(``--warm-env NAME=VALUE``) runs that warm process with a change, to show which setting breaks the
cache. On the command line, ``--repeat N`` captures the same run N times, each in a fresh process
with fresh cache folders (``trace.1.json`` ... ``trace.N.json``).

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
* graphless variants (a frame Dynamo guarded without producing an FX graph; no compiled region
  runs for it): a ``region`` with ``cache: compile`` and ``ms: 0`` in the call that made it, so
  that ``compiles`` counts variants as the contract says; its later reuses are not visible;
* the check: the largest absolute difference to the baseline callable's eager output on the
  same input, and whether every numeric leaf of the output (tensors, NumPy arrays, Python and
  NumPy scalars, inside tuples, lists, dicts and dataclass-like containers) is within
  ``atol + rtol * |eager|``; other leaves (None, strings, bools) must be equal.

When ``TORCH_TRACE`` is set, a ``compile_receipt_call`` artifact is written through
``torch._logging.trace_structured`` before (``edge: start``) and after (``edge: end`` with
``wall_ms``) every call, so the structured log can be split per call.

The trace is validated against every rule of the contract (section 2 of trace-format.md) before
it is written; a trace that breaks one raises :class:`TraceError` and nothing is written.

Command line:  python -m compile_receipt_capture --module mymodels --baseline fn_a \
                   --candidate fn_b --inputs make_inputs --out trace.json
(see ``--help``; ``--inputs`` names a function of the module that returns the keyword arguments
``warmup``, ``steady``, ``changed``, ... of :func:`capture`; ``--warm-start`` for the warm start).
"""

from .call_events import CaptureError
from .calls import Args
from .cli import main
from .contract import FORMAT, MAX_CALLS, MAX_EVENTS_PER_CALL, TraceError, validate_trace, write_trace
from .runs import Capture, capture

__all__ = ["Args", "Capture", "CaptureError", "FORMAT", "MAX_CALLS", "MAX_EVENTS_PER_CALL", "TraceError",
           "capture", "main", "validate_trace", "write_trace"]
