"""A call's ``check``: its output against the baseline callable's eager output on the same input
(tensors, Python numbers, and tuples, lists, dicts and dataclass-like containers of them).
torch is imported when a check runs.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterator
from typing import Any

from .contract import rounded


def _leaves(value: Any, path: str = "out") -> Iterator[tuple[str, Any]]:
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


def snapshot(value: Any) -> Any:
    """A copy of an input or an eager output that later in-place changes cannot reach."""
    import torch
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[snapshot(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(snapshot(v) for v in value)
    if isinstance(value, dict):
        return {k: snapshot(v) for k, v in value.items()}
    try:
        return copy.deepcopy(value)
    except Exception:
        return value


def check(out: Any, ref: Any, atol: float, rtol: float) -> dict[str, Any]:
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
    result: dict[str, Any] = {"ok": bool(ok)}
    if finite:
        result["max_abs_err"] = rounded(err)
    return result
