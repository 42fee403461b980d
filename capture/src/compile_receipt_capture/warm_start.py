"""The warm start: what a fresh worker pays when the caches of the last deploy are on disk. With
``capture(..., warm_start=...)`` (or ``--warm-start``) the first process compiles with
``TORCHINDUCTOR_CACHE_DIR`` and ``TRITON_CACHE_DIR`` pointed at a fresh temporary folder, so that its
FX graph cache (on by default in 2.6 and 2.14), AOTAutograd cache (on by default in 2.14; 2.6 only
with ``TORCHINDUCTOR_AUTOGRAD_CACHE=1``), compiled kernels and Triton cache land there; after its
runs, one fresh Python process (:mod:`warm_process`, given a request file) with the
same folders replays every run's eager control and warmup calls, in order, with a
``torch._dynamo.reset()`` between the runs as in the first process. Its calls (ids as in the first
process) become the run's ``warm_start`` section. With ``TORCH_TRACE`` set, the warm process writes
its own log into ``$TORCH_TRACE/warm/``. The folder is removed afterwards; the user's own values of
the two variables are restored.

``warm_env={"NAME": "VALUE"}`` (``--warm-env NAME=VALUE``) is a change the user names: the warm process
runs with these environment variables set (before it imports torch), so that a pair shows which setting
breaks the cache (``OMP_NUM_THREADS``, ``TORCHINDUCTOR_SIZE_ASSERTS``, a variable the model reads, ...).
The cache folders and ``TORCH_TRACE`` are refused: the pair shares the first and the warm log's place is
fixed (:func:`warm_env_of`).

The warm process rebuilds the capture's arguments from a *request*: a module-level function that
returns them (``{"factory": ..., "module": ...}``), or the command line's arguments (``{"cli": argv}``).
Standard library only; torch is imported by the warm process alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .call_events import CaptureError
from .contract import WARM_START_PHASES, Json

WARM_TRACE_FOLDER = "warm"        # the warm process's TORCH_TRACE folder, inside the first one's
CACHE_VARIABLES = ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR")
REFUSED_WARM_ENV = CACHE_VARIABLES + ("TORCH_TRACE",)   # warm_env may not set these
_WARM_PROCESS = "import sys; from compile_receipt_capture.warm_process import main; sys.exit(main(sys.argv[1:]))"
_PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def request_of(value: Any) -> Json:
    """The request of ``warm_start=``: a module-level function returning the capture's keyword
    arguments (``fn=`` included), ``"module:function"``, or a request already made (cli_source)."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, str):
        module, _, factory = value.partition(":")
        if not module or not factory:
            raise ValueError(f'warm_start="{value}": give "module:function"')
        return {"module": module, "factory": factory, "cwd": os.getcwd()}
    if callable(value):
        module_name, factory = getattr(value, "__module__", None), getattr(value, "__qualname__", "")
        if not module_name or "<" in factory:
            raise ValueError(f"warm_start={value!r}: the fresh process imports it, so it must be a module-level "
                             "function (no lambda, no nested function)")
        request: Json = {"module": module_name, "factory": factory, "cwd": os.getcwd()}
        if module_name == "__main__":     # a script: the fresh process loads the file under another name
            main_file = getattr(sys.modules["__main__"], "__file__", None)
            if not main_file:
                raise ValueError("warm_start: the function is in __main__ without a file (an interactive session)")
            request["module_file"] = os.path.abspath(main_file)
        return request
    raise ValueError(f'warm_start must be a module-level function or "module:function" that returns the capture\'s '
                     f"arguments (the command line's --warm-start makes its own), found {value!r}")


def warm_env_of(value: Any) -> dict[str, str]:
    """The checked ``warm_env=``: a mapping of environment variable names to string values, none of
    them a cache folder (the warm process must use the first one's) or TORCH_TRACE (the warm log goes
    to ``$TORCH_TRACE/warm/``). Raises ValueError naming the variable and the rule."""
    if not isinstance(value, Mapping):
        raise ValueError(f"warm_env must be a mapping of environment variable names to values, found {value!r}")
    env: dict[str, str] = {}
    for name, text in value.items():
        if not isinstance(name, str) or not name or "=" in name or "\0" in name:
            raise ValueError(f"warm_env: {name!r} is not an environment variable name (a non-empty string "
                             "without '=')")
        if not isinstance(text, str) or "\0" in text:
            raise ValueError(f"warm_env: the value of {name} must be a string, found {text!r}")
        if name in CACHE_VARIABLES:
            raise ValueError(f"warm_env: {name} cannot be changed: the warm process must reuse the first "
                             "process's cache folders (the warm start measures those caches)")
        if name == "TORCH_TRACE":
            raise ValueError("warm_env: TORCH_TRACE cannot be changed: the warm process's log is written to "
                             "$TORCH_TRACE/warm/")
        env[name] = text
    return env


def warm_env_arg(text: str) -> tuple[str, str]:
    """One ``--warm-env NAME=VALUE`` (the value may be empty or hold '='); ValueError without '='."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise ValueError(f"--warm-env {text!r}: give NAME=VALUE")
    return name, value


def cli_source(argv: Sequence[str]) -> Json:
    """The request of ``--warm-start``: the warm process parses the same command line."""
    return {"cli": list(argv), "cwd": os.getcwd()}


@contextlib.contextmanager
def cache_folders(enabled: bool) -> Iterator[dict[str, str] | None]:
    """While enabled: Inductor's and Triton's cache folders in a fresh temporary folder (read by
    PyTorch on every lookup, so setting them here before the first compile is enough)."""
    if not enabled:
        yield None
        return
    root = tempfile.mkdtemp(prefix="compile-receipt-warm-")
    folders = {"TORCHINDUCTOR_CACHE_DIR": os.path.join(root, "inductor"),
               "TRITON_CACHE_DIR": os.path.join(root, "triton")}
    saved = {name: os.environ.get(name) for name in folders}
    os.environ.update(folders)
    try:
        yield folders
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        shutil.rmtree(root, ignore_errors=True)


def attach(trace: Json, request: Json, warm_env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Runs the warm process (with ``warm_env`` set in its environment) and puts each run's calls into
    ``run["warm_start"]``; returns its counters ({label: torch._dynamo.utils.counters of its replay})."""
    result = _replay(request, warm_env_of(warm_env or {}))
    for run in trace["runs"]:
        label = run["label"]
        expected = [(c["id"], c["phase"]) for c in run["calls"] if c["phase"] in WARM_START_PHASES]
        calls = result["calls"].get(label) or []
        if [(c["id"], c["phase"]) for c in calls] != expected:
            raise CaptureError(f"the warm-start process replayed other calls for {label} than the first process "
                               f"made ({[c['id'] for c in calls]} vs {[e[0] for e in expected]}): its arguments "
                               "must be the same")
        run["warm_start"] = {"calls": calls}
    counters: dict[str, Any] = result["counters"]
    return counters


def _replay(request: Json, warm_env: Mapping[str, str]) -> Json:
    with tempfile.TemporaryDirectory(prefix="compile-receipt-warm-request-") as tmp:
        request_path, out = os.path.join(tmp, "request.json"), os.path.join(tmp, "calls.json")
        with open(request_path, "w", encoding="utf-8") as f:
            json.dump(dict(request, sys_path=list(sys.path), out=out), f)
        env = dict(os.environ)
        if env.get("TORCH_TRACE"):
            env["TORCH_TRACE"] = os.path.join(env["TORCH_TRACE"], WARM_TRACE_FOLDER)
        env.update(warm_env)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        # the child's side is warm_process, which only the child imports (the parent's never loads it)
        command = [sys.executable, "-c", _WARM_PROCESS, request_path]
        sys.stdout.flush()
        sys.stderr.flush()
        code = subprocess.run(command, env=env, cwd=request.get("cwd") or os.getcwd()).returncode
        if code != 0 or not os.path.exists(out):
            raise CaptureError(f"the warm-start process ({sys.executable} -c '{_WARM_PROCESS}') exited with "
                               f"{code}; its output is above")
        with open(out, encoding="utf-8") as f:
            replayed: Json = json.load(f)
            return replayed
