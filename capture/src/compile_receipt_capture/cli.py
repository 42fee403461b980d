"""The command line: ``python -m compile_receipt_capture --module mymodels.py --baseline fn_a
--candidate fn_b --out trace.json``. The module defines the callables and a function
(``capture_inputs`` by default) that returns the keyword arguments of :func:`capture`; see ``--help``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from types import ModuleType
from typing import Any

from .call_events import CaptureError
from .contract import MAX_CALLS, MAX_EVENTS_PER_CALL, Json, TraceError
from .runs import capture, tolerance_of
from .warm_start import cli_source, warm_env_arg, warm_env_of


def _load_module(spec: str) -> ModuleType:
    if spec.endswith(".py") or os.sep in spec:
        path = os.path.abspath(spec)
        name = os.path.splitext(os.path.basename(path))[0]
        sys.path.insert(0, os.path.dirname(path))
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
        return module
    sys.path.insert(0, os.getcwd())
    return importlib.import_module(spec)


def _attr(module: Any, dotted: str) -> Any:
    value = module
    for part in dotted.split("."):
        value = getattr(value, part)
    return value


_UNSET = object()


def _bool_or_none(text: str) -> bool | None:
    return {"true": True, "false": False, "none": None}[text.lower()]


class _DecisionError(ValueError):
    """--decision could not be read."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python3 -m compile_receipt_capture", allow_abbrev=False,
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
    p.add_argument("--warm-start", action="store_true",
                   help="also replay each run's eager and warmup calls in a fresh process that reuses this one's "
                        "Inductor/Triton cache folders (the run's warm_start; with TORCH_TRACE, its log goes "
                        "to $TORCH_TRACE/warm/)")
    p.add_argument("--warm-env", metavar="NAME=VALUE", action="append", default=[],
                   help="with --warm-start: set this environment variable in the warm process only (before it "
                        "imports torch), to see what the change does to the caches; repeatable; "
                        "TORCHINDUCTOR_CACHE_DIR, TRITON_CACHE_DIR and TORCH_TRACE are refused")
    p.add_argument("--profile-out", metavar="PATH",
                   help="also write each run's torch.profiler trace (Chrome trace JSON, as export_chrome_trace "
                        "writes it): the baseline's at PATH, the candidate's at PATH with -candidate before .json")
    p.add_argument("--repeat", type=int, metavar="N",
                   help="capture the same run N times, each in a fresh process with fresh Inductor/Triton cache "
                        "folders (every run cold), writing OUT with .1 ... .N before .json (trace.1.json); with "
                        "TORCH_TRACE, run i logs to $TORCH_TRACE/i/; --profile-out is numbered the same way")
    p.add_argument("--max-calls", type=int, default=MAX_CALLS)
    p.add_argument("--max-events", type=int, default=MAX_EVENTS_PER_CALL)
    return p


def capture_arguments(argv: list[str]) -> dict[str, Any]:
    """The keyword arguments of :func:`capture` (``fn`` included) that this command line gives; the
    warm-start process builds its own from the same command line. Raises _DecisionError."""
    return _capture_kwargs(_parser().parse_args(argv))


def _capture_kwargs(args: argparse.Namespace) -> dict[str, Any]:
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
        atol, rtol = tolerance_of(kwargs.get("tolerance", (1e-3, 1e-3)))
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
            raise _DecisionError(f"--decision: {e}") from e
    if args.suppress_errors:
        import torch._dynamo
        torch._dynamo.config.suppress_errors = True
    return dict(fn=_attr(module, args.baseline),
                candidate=_attr(module, args.candidate) if args.candidate else None,
                compile=compile_opts, candidate_compile=candidate_compile,
                name=args.name or kwargs.pop("name", None) or args.baseline, out=args.out,
                relative_to=args.relative_to if args.relative_to is not None else kwargs.pop("relative_to", None),
                max_calls=args.max_calls, max_events=args.max_events, profile_out=args.profile_out,
                **{k: v for k, v in kwargs.items() if k not in ("name", "relative_to")})


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        warm_env = warm_env_of(dict(warm_env_arg(text) for text in args.warm_env))
    except ValueError as e:
        parser.error(str(e))
    if warm_env and not args.warm_start:
        parser.error("--warm-env changes the warm process: give --warm-start too")
    if args.repeat is not None:
        if not 1 <= args.repeat <= MAX_REPEAT:
            parser.error(f"--repeat must be between 1 and {MAX_REPEAT}, found {args.repeat}")
        return _repeat(argv, args)
    try:
        kwargs = _capture_kwargs(args)
    except _DecisionError as e:
        print(f"compile_receipt_capture: {e}", file=sys.stderr)
        return 2
    if args.warm_start:
        kwargs["warm_start"] = cli_source(argv)
        kwargs["warm_env"] = warm_env
    try:
        result = capture(**kwargs)
    except (TraceError, CaptureError) as e:
        print(f"compile_receipt_capture: {e}", file=sys.stderr)
        return 1
    for run in result.trace["runs"]:
        summary = _summary(run["calls"])
        print(f"{run['label']}: {len(run['calls'])} calls, {summary['compiles']} compiles, {summary['hits']} hits, "
              f"{summary['breaks']} breaks, {summary['fallbacks']} fallbacks, {summary['check_failed']} checks failed")
        if "warm_start" in run:
            warm = run["warm_start"]["calls"]
            changed = " with " + " ".join(f"{k}={v}" for k, v in sorted(warm_env.items())) if warm_env else ""
            print(f"{run['label']} warm start{changed}: {len(warm)} calls, {_summary(warm)['compiles']} compiles, "
                  f"warmup {sum(c['wall_ms'] for c in warm if c['phase'] == 'warmup'):.1f} ms "
                  f"(first process: {sum(c['wall_ms'] for c in run['calls'] if c['phase'] == 'warmup'):.1f} ms); "
                  f"cache outcomes {_cache_outcomes(warm) or 'not logged'}")
    print(f"wrote {result.path}")
    for label, path in result.profiles.items():
        print(f"wrote {path} (the {label} run's torch.profiler trace)")
    return 0


MAX_REPEAT = 100
_OPTIONS_WITH_VALUE = {"--repeat", "--out", "--profile-out"}     # rewritten per repeated run
_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def repeat_path(path: str, i: int) -> str:
    """The i-th run's file of ``--repeat``: ``trace.json`` -> ``trace.3.json``; without ``.json``, ``.3`` at the end.

    >>> repeat_path("out/print-bridge.json", 3), repeat_path("trace", 1)
    ('out/print-bridge.3.json', 'trace.1')
    """
    stem, ext = os.path.splitext(path)
    return f"{stem}.{i}{ext}" if ext == ".json" else f"{path}.{i}"


def _without(argv: list[str], options: set[str]) -> list[str]:
    """argv without these options and their values (``--out X`` and ``--out=X``)."""
    kept, skip = [], False
    for token in argv:
        if skip:
            skip = False
        elif token in options:
            skip = True
        elif not token.startswith("--") or token.split("=", 1)[0] not in options:
            kept.append(token)
    return kept


def _repeat(argv: list[str], args: argparse.Namespace) -> int:
    """``--repeat N``: the same command line N times, each in a fresh Python process with fresh cache
    folders (so that every run compiles cold, as the first) and its own numbered --out (and
    --profile-out, and TORCH_TRACE folder); stops at the first run that fails, with its exit code."""
    base = _without(argv, _OPTIONS_WITH_VALUE)
    for i in range(1, args.repeat + 1):
        run_argv = base + ["--out", repeat_path(args.out, i)]
        if args.profile_out:
            run_argv += ["--profile-out", repeat_path(args.profile_out, i)]
        root = tempfile.mkdtemp(prefix="compile-receipt-repeat-")
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.join(root, "inductor"),
                   TRITON_CACHE_DIR=os.path.join(root, "triton"))
        if env.get("TORCH_TRACE"):
            env["TORCH_TRACE"] = os.path.join(env["TORCH_TRACE"], str(i))
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        print(f"run {i} of {args.repeat}:", flush=True)
        try:
            code = subprocess.run([sys.executable, "-m", "compile_receipt_capture", *run_argv], env=env).returncode
        finally:
            shutil.rmtree(root, ignore_errors=True)
        if code != 0:
            print(f"compile_receipt_capture: --repeat: run {i} of {args.repeat} exited with {code}", file=sys.stderr)
            return code
    return 0


def _cache_outcomes(calls: list[Json]) -> str:
    counts: dict[str, int] = {}
    for call in calls:
        for e in call["events"]:
            for stage, outcome in sorted((e.get("artifact_cache") or {}).items()):
                counts[f"{stage} {outcome}"] = counts.get(f"{stage} {outcome}", 0) + 1
    return ", ".join(f"{key} {n}" for key, n in sorted(counts.items()))


def _summary(calls: list[Json]) -> dict[str, int]:
    s = {"compiles": 0, "hits": 0, "breaks": 0, "fallbacks": 0, "check_failed": 0}
    for call in calls:
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
