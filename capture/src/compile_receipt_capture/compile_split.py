"""What one compile's structured-log records say beside its time: the ``stages`` of its
``compilation_metrics`` and its cache outcomes (``artifact_cache``), as the capture writes them on
compile events. Standard library only.

    >>> stages_of({"entire_frame_compile_time_s": 1.726614, "backend_compile_time_s": 1.702276,
    ...            "inductor_compile_time_s": 1.60515, "code_gen_time_s": 1.501388})
    {'dynamo': 24.338, 'aot_autograd': 97.126, 'inductor': 103.762, 'codegen': 1501.388}
    >>> worst_outcomes({"fx_graph": {"hit", "miss"}, "aotautograd": {"hit"}})
    {'aotautograd': 'hit', 'fx_graph': 'miss'}
"""

from __future__ import annotations

import decimal
import json
import math
import re
from collections.abc import Mapping
from typing import Any

# A compile's cache outcomes (docs/capture.md, "Stages and cache outcomes"): artifacts and chromium events.
# 2.6 and 2.14 write the FX graph cache outcome as an artifact fx_graph_cache_<outcome>; 2.14 writes
# AOTAutograd's as an artifact aotautograd_cache_<outcome>, 2.6 only as a chromium_event instant event
# autograd_cache_<outcome> (both also write that event) and as the cache_state of its
# aotautograd_cache_hash artifact. fx_graph_cache_disabled and the like are no outcome.
CACHE_OUTCOMES = ("miss", "bypass", "hit")      # worst first: a compile's outcome is the worst it logged
_FX_GRAPH_OUTCOME = re.compile(r"fx_graph_cache_(hit|miss|bypass)")
_AOT_ARTIFACT_OUTCOME = re.compile(r"aotautograd_cache_(hit|miss|bypass)")
_AOT_EVENT_OUTCOME = re.compile(r"autograd_cache_(hit|miss|bypass)")
# The nested dynamo_timed levels of a compile, outermost first (docs/compile-stages.md): seconds (2.6
# names) where the record has the frame's, else their microsecond twins; a stage is a level less the next.
_STAGE_LEVELS = ((("entire_frame_compile_time_s", "backend_compile_time_s", "inductor_compile_time_s",
                   "code_gen_time_s"), 3),
                 (("dynamo_cumulative_compile_time_us", "aot_autograd_cumulative_compile_time_us",
                   "inductor_cumulative_compile_time_us", "inductor_code_gen_cumulative_compile_time_us"), -3))
STAGES = ("dynamo", "aot_autograd", "inductor", "codegen")


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _json_payload(payload: object) -> Any:
    if isinstance(payload, (dict, list)):
        return payload
    try:
        return json.loads(str(payload)) if payload is not None else None
    except ValueError:
        return None


def cache_outcome(kind: str | None, artifact: Mapping[str, Any], payload: object) -> tuple[str, str] | None:
    """(stage, outcome) when the record is a cache outcome of a compile, else None."""
    if kind == "chromium_event":
        event = _json_payload(payload)
        if not isinstance(event, dict) or event.get("ph") != "i":
            return None
        name = str(event.get("name") or "")
        m = _AOT_EVENT_OUTCOME.fullmatch(name)
        if m:
            return "aotautograd", m.group(1)
        m = _FX_GRAPH_OUTCOME.fullmatch(name)
        return ("fx_graph", m.group(1)) if m else None
    name = str(artifact.get("name") or "")
    m = _FX_GRAPH_OUTCOME.fullmatch(name)
    if m:
        return "fx_graph", m.group(1)
    m = _AOT_ARTIFACT_OUTCOME.fullmatch(name)
    if m:
        return "aotautograd", m.group(1)
    if name == "aotautograd_cache_hash":        # 2.6: the outcome is its payload's cache_state
        info = _json_payload(payload)
        state = info.get("cache_state") if isinstance(info, dict) else None
        if state in CACHE_OUTCOMES:
            return "aotautograd", str(state)
    return None


def worst_outcomes(outcomes: Mapping[str, set[str]]) -> dict[str, str]:
    """Per cache the worst outcome logged (miss, then bypass, then hit: a compile that looked a cache
    up twice and missed once missed it); a cache with no outcome is absent."""
    return {cache: next(o for o in CACHE_OUTCOMES if o in seen) for cache, seen in sorted(outcomes.items()) if seen}


def stages_of(metrics: Mapping[str, Any]) -> dict[str, float]:
    """{dynamo, aot_autograd, inductor, codegen} -> ms (docs/compile-stages.md), from the same family
    as the compile's time (seconds where the frame's is a number, else microseconds), in exact
    decimals at 4 places so that they add up to the written compile_ms; {} when the record lacks an
    inner timer of that family, its levels do not nest, or it has neither family. A null timer did
    not run: 0."""
    for fields, scale in _STAGE_LEVELS:
        if not _number(metrics.get(fields[0])):
            continue
        if any(f not in metrics or not (metrics[f] is None or _number(metrics[f])) for f in fields[1:]):
            return {}
        quantum = decimal.Decimal("0.0001")
        levels = [decimal.Decimal(repr(float(metrics[f] or 0))).scaleb(scale).quantize(quantum) for f in fields]
        levels.append(decimal.Decimal(0))
        split = [levels[i] - levels[i + 1] for i in range(len(fields))]
        if any(v < 0 for v in split):
            return {}
        return {name: float(v) + 0.0 for name, v in zip(STAGES, split)}
    return {}
