"""The compile-trace/1 contract (section 2 of trace-format.md): its rules, the decision record, and
writing a trace only once it keeps them. Mirrors the Java reader, so that Java never refuses a trace
this package wrote. Standard library only.

    >>> validate_trace({"format": "compile-trace/1", "fixture": {"name": "t"}, "runs": [
    ...     {"label": "baseline", "calls": [{"id": "b0", "phase": "eager", "wall_ms": 0.1, "events": []}]}]})["format"]
    'compile-trace/1'
"""

from __future__ import annotations

import decimal
import json
import math
import os
import re
from collections.abc import Mapping
from typing import Any

FORMAT = "compile-trace/1"
MAX_CALLS = 64
MAX_EVENTS_PER_CALL = 16
MAX_WORKER_LIFETIME_CALLS = 10 ** 15
PHASES = ("eager", "warmup", "steady", "changed")
WARM_START_PHASES = ("eager", "warmup")     # a warm start replays a run's eager control and warmup calls
CACHE_STAGES = ("fx_graph", "aotautograd")
CACHE_OUTCOMES = ("hit", "miss", "bypass")

Json = dict[str, Any]

_TOP_KEYS = {"format", "fixture", "runs", "decision"}
_DECISION_KEYS = {"intervention", "rollback_trigger", "warmup_policy", "owner", "worker_lifetime_calls"}
_FIXTURE_KEYS = {"name", "model", "revision", "device", "dtype", "backend", "mode", "torch",
                 "tolerance"}
_TOLERANCE_KEYS = {"atol", "rtol"}
_RUN_KEYS = {"label", "calls", "warm_start"}
_WARM_START_KEYS = {"calls"}
_CALL_KEYS = {"id", "phase", "family", "wall_ms", "check", "events"}
_CHECK_KEYS = {"max_abs_err", "ok"}
_REGION_KEYS = {"kind", "graph", "cache", "ms", "compile_ms", "guard_failures", "stages", "artifact_cache"}
_BREAK_KEYS = {"kind", "site", "reason", "eager_ms", "gb_id", "explanation", "hints", "user_frame"}
_FALLBACK_KEYS = {"kind", "graph", "reason", "compile_ms", "guard_failures", "stages", "artifact_cache"}
# A compile's optional stages (docs/trace-format.md section 9): timer names -> ms, at most compile_ms together.
_STAGE = re.compile(r"[a-z][a-z0-9_]{0,63}")
_MAX_STAGES = 32
GRAPH_ID = re.compile(r"(0|[1-9][0-9]{0,17})/(0|[1-9][0-9]{0,17})")
_SITE = re.compile(r".+:[0-9]+", re.DOTALL)
GB_ID = re.compile(r"GB[0-9]{4}")     # as the Java reader has it


class TraceError(ValueError):
    """A trace breaks a rule of compile-trace/1. ``pointer`` is the JSON pointer of the value."""

    def __init__(self, pointer: str, rule: str) -> None:
        super().__init__(f"invalid compile-trace/1 at {pointer or '/'}: {rule}")
        self.pointer = pointer
        self.rule = rule


def rounded(value: float) -> float:
    """A measured figure as a trace holds it: finite, >= 0, 4 decimals (``-0.0`` becomes ``0.0``)."""
    value = float(value)
    if not math.isfinite(value):
        raise TraceError("", f"NaN or infinite numbers are not allowed: a measured value is {value}")
    return round(max(0.0, value), 4) + 0.0


def _esc(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _object(node: object, at: str, allowed: set[str]) -> None:
    if not isinstance(node, dict):
        raise TraceError(at, f"must be a JSON object, found {type(node).__name__}")
    for key in node:
        if not isinstance(key, str):
            raise TraceError(at, f"keys must be strings, found {key!r}")
        if key not in allowed:
            raise TraceError(f"{at}/{_esc(key)}", f'unknown key "{key}" (allowed here: '
                             f'{", ".join(sorted(allowed))}); a typo must never silently change a receipt')


def _required(node: Mapping[str, Any], at: str, key: str) -> Any:
    if key not in node:
        raise TraceError(at, f'"{key}" is required')
    return node[key]


def _text(value: object, at: str) -> str:
    if not isinstance(value, str):
        raise TraceError(at, f"must be a string, found {type(value).__name__}")
    return value


def _ms(value: object, at: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TraceError(at, f"must be a number, found {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise TraceError(at, "NaN or infinite numbers are not allowed")
    if value < 0:
        raise TraceError(at, f"must be >= 0, found {value}")
    return value


def _guards(node: Mapping[str, Any], at: str) -> None:
    if "guard_failures" not in node:
        return
    guards = node["guard_failures"]
    if not isinstance(guards, list):
        raise TraceError(f"{at}/guard_failures", "guard_failures must be an array of strings")
    for i, guard in enumerate(guards):
        _text(guard, f"{at}/guard_failures/{i}")


def _graph(value: object, at: str) -> str:
    text = _text(value, at)
    if not GRAPH_ID.fullmatch(text):
        raise TraceError(at, f'a graph id is F/V with non-negative integers (frame/variant), found "{text}"')
    return text


def validate_trace(trace: Json, max_calls: int = MAX_CALLS, max_events: int = MAX_EVENTS_PER_CALL) -> Json:
    """Returns ``trace`` (a dict), or raises TraceError when it breaks a rule of compile-trace/1."""
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
        validate_decision(trace["decision"])
    runs = _required(trace, "", "runs")
    if not isinstance(runs, list):
        raise TraceError("/runs", "runs must be an array of 1 or 2 runs")
    if not 1 <= len(runs) <= 2:
        raise TraceError("/runs", f"runs must hold 1 or 2 runs (baseline, and optionally candidate), found {len(runs)}")
    labels: set[str] = set()
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
        if "warm_start" in run:
            _validate_warm_start(run["warm_start"], f"{at}/warm_start", max_calls, max_events)
    if "baseline" not in labels:
        raise TraceError("/runs", 'a "baseline" run is required')
    # A last guard: the JSON text itself must be writable without NaN/Infinity.
    json.dumps(trace, allow_nan=False)
    return trace


def validate_decision(decision: object) -> None:
    """Raises TraceError (pointer ``/decision...``) when ``decision`` is not a valid decision record:
    ``intervention`` required; ``rollback_trigger``, ``warmup_policy``, ``owner`` non-blank strings;
    ``worker_lifetime_calls`` an integer from 1 to 10^15."""
    at = "/decision"
    _object(decision, at, _DECISION_KEYS)
    assert isinstance(decision, dict)
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


def _validate_warm_start(warm: object, at: str, max_calls: int, max_events: int) -> None:
    """A run's warm start: the calls of a fresh process that reused the first one's caches, held to
    the rules and limits of a run's calls (its own ids and variants: the process compiled anew),
    in the phases eager and warmup only."""
    _object(warm, at, _WARM_START_KEYS)
    assert isinstance(warm, dict)
    _validate_calls(_required(warm, at, "calls"), f"{at}/calls", max_calls, max_events, WARM_START_PHASES)


def _validate_calls(calls: object, at: str, max_calls: int, max_events: int,
                    phases: tuple[str, ...] = PHASES) -> None:
    if not isinstance(calls, list):
        raise TraceError(at, "calls must be an array")
    if not calls:
        raise TraceError(at, "a run needs at least 1 call")
    if len(calls) > max_calls:
        raise TraceError(at, f"the run has {len(calls)} calls, over the limit of {max_calls} calls per run "
                             "(fewer calls per phase, or raise the limit on both sides: max_calls= here and "
                             "the CLI's --max-calls when the trace is imported)")
    ids: set[str] = set()
    compiled: set[str] = set()
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
        if phase not in phases:
            where = "" if phases == PHASES else " in a warm start (it replays the eager control and warmup calls)"
            raise TraceError(f"{cat}/phase", f"phase must be one of {', '.join(phases)}{where}, found {phase!r}")
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


def _validate_event(event: object, at: str) -> str:
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
            if "stages" in event:
                raise TraceError(f"{at}/stages", 'stages are only allowed with cache "compile": nothing was compiled')
            if "artifact_cache" in event:
                raise TraceError(f"{at}/artifact_cache",
                                 'artifact_cache is only allowed with cache "compile": nothing was compiled')
        elif cache == "compile":
            if "compile_ms" not in event:
                raise TraceError(at, 'compile_ms is required with cache "compile"')
            _ms(event["compile_ms"], f"{at}/compile_ms")
            _guards(event, at)
            _stages(event, at)
            _artifact_cache(event, at)
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
            if not GB_ID.fullmatch(gb):
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
        _stages(event, at)
        _artifact_cache(event, at)
    else:
        raise TraceError(f"{at}/kind", f'kind must be region, break or fallback, found "{kind}"')
    return kind


def _stages(event: Mapping[str, Any], at: str) -> None:
    """As the Java reader: an object of timer names to ms that together claim at most compile_ms (at 4 decimals)."""
    if "stages" not in event:
        return
    stages, where = event["stages"], f"{at}/stages"
    if not isinstance(stages, dict):
        raise TraceError(where, "stages must be an object of stage name to milliseconds")
    if len(stages) > _MAX_STAGES:
        raise TraceError(where, f"stages name at most {_MAX_STAGES} stages, found {len(stages)}")
    total = decimal.Decimal(0)
    for name, value in stages.items():
        if not _STAGE.fullmatch(name):
            raise TraceError(where, "a stage name must be lower case letters, digits and underscores (as aot_autograd),"
                                    f' at most 64 long, found "{name}"')
        total += _four_decimals(_ms(value, f"{where}/{name}"))
    if total > _four_decimals(event["compile_ms"]):
        raise TraceError(where, f"the stages add up to {total.normalize():f} ms, more than compile_ms {event['compile_ms']}:"
                                " a stage cannot claim time the compile did not take")


def _artifact_cache(event: Mapping[str, Any], at: str) -> None:
    """A compile's optional cache outcomes: {"fx_graph": o, "aotautograd": o}, each key optional,
    o one of hit, miss, bypass."""
    if "artifact_cache" not in event:
        return
    where = f"{at}/artifact_cache"
    if not isinstance(event["artifact_cache"], dict):
        raise TraceError(where, "artifact_cache must be an object of cache (fx_graph, aotautograd) to "
                                "outcome (hit, miss, bypass)")
    _object(event["artifact_cache"], where, set(CACHE_STAGES))
    for stage, outcome in event["artifact_cache"].items():
        if outcome not in CACHE_OUTCOMES:
            raise TraceError(f"{where}/{stage}", f"a cache outcome is hit, miss or bypass, found {outcome!r}")


def _four_decimals(ms: float) -> decimal.Decimal:
    """The 4-decimal value a receipt writes for ``ms``: half-even on the exact binary value, as Millis.exact."""
    return decimal.Decimal(ms).quantize(decimal.Decimal("0.0001"), rounding=decimal.ROUND_HALF_EVEN)


def write_trace(trace: Json, path: str | os.PathLike[str], max_calls: int = MAX_CALLS,
                max_events: int = MAX_EVENTS_PER_CALL) -> str:
    """Validates ``trace`` and writes it as UTF-8 JSON (atomically); raises TraceError instead."""
    validate_trace(trace, max_calls, max_events)
    text = json.dumps(trace, indent=1, sort_keys=True, allow_nan=False, ensure_ascii=False) + "\n"
    target = os.fspath(path)
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    tmp = f"{target}.tmp-{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, target)
    return target
