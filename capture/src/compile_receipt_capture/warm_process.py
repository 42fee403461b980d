"""The warm start's fresh process (see :mod:`warm_start`, the first process's side): it reads the
request file :func:`warm_start.attach` wrote, rebuilds the capture's arguments from it (a module-level
function, or the command line through :func:`cli.capture_arguments`), replays each run's eager control
and warmup calls (:func:`runs.replay_calls`) and writes their calls and counters where the request
says. It is started as ``python -c "...warm_process import main; ..." REQUEST.json``; no module of
the package imports it, so the first process's modules never depend on the warm process's.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .cli import capture_arguments
from .contract import Json
from .runs import replay_calls


def _factory(request: Json) -> Callable[[], Any]:
    if request.get("module_file"):
        path = request["module_file"]
        spec = importlib.util.spec_from_file_location("compile_receipt_warm_main", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(request["module"])
    value: Any = module
    for part in request["factory"].split("."):
        value = getattr(value, part)
    factory: Callable[[], Any] = value
    return factory


def main(argv: Sequence[str]) -> int:
    """The warm process: ``python -c "...warm_process import main; main(['REQUEST.json'])"``."""
    with open(argv[0], encoding="utf-8") as f:
        request = json.load(f)
    sys.path[:0] = [p for p in request.get("sys_path", []) if p not in sys.path]
    if "cli" in request:
        kwargs = capture_arguments(request["cli"])
    else:
        kwargs = dict(_factory(request)())
    calls, counters = replay_calls(**kwargs)
    with open(request["out"], "w", encoding="utf-8") as f:
        json.dump({"calls": calls, "counters": counters}, f, allow_nan=False)
    return 0

