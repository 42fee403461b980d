"""A call's ``check``: its output against the baseline callable's eager output on the same input,
whatever a PyTorch model returns: tensors, NumPy arrays, Python and NumPy scalars, None, strings,
and tuples, lists, dicts, named tuples and dataclass-like containers (``to_tuple()``, as
Hugging Face's ModelOutput has) of them, nested. torch is used only when a tensor or a NumPy array
is compared, NumPy only when a NumPy array is (each already imported by whoever made the value).

    >>> check({"loss": 1.0, "ids": [1, 2], "note": None}, {"loss": 1.0005, "ids": [1, 2], "note": None}, 1e-3, 0)
    {'ok': True, 'max_abs_err': 0.0005}

Rules, the same for every numeric leaf (array element or scalar): NaN positions must agree (NaN
against NaN is no error), equal infinities are no error, and ``ok`` needs every element within
``atol + rtol * |eager|``. ``max_abs_err`` is the largest absolute difference, left out when it is
not a finite number: a structure, type, shape or NaN position differs, or an infinity meets
another value. Other leaves (None, bool, str, objects) must be equal.
"""

from __future__ import annotations

import cmath
import copy
import math
import numbers
import sys
from collections.abc import Iterator
from typing import Any

from .contract import rounded


def _tensor_type() -> type[Any] | None:
    torch = sys.modules.get("torch")
    return getattr(torch, "Tensor", None)


def _ndarray_type() -> type[Any] | None:
    numpy = sys.modules.get("numpy")
    return getattr(numpy, "ndarray", None)


def _is_array(value: object) -> bool:
    tensor, ndarray = _tensor_type(), _ndarray_type()
    return (tensor is not None and isinstance(value, tensor)) or (ndarray is not None and isinstance(value, ndarray))


def _is_number(value: object) -> bool:
    # numbers.Number covers NumPy's scalars too (float32, int64, complex64); a bool is compared as a bool
    return isinstance(value, numbers.Number) and not isinstance(value, bool) and type(value).__name__ != "bool_"


def _fields(value: object) -> tuple[Any, ...] | None:
    """The items of a dataclass-like container, in order, or None."""
    to_tuple = getattr(value, "to_tuple", None)
    if callable(to_tuple) and not isinstance(value, type):
        return tuple(to_tuple())
    fields = getattr(value, "__dataclass_fields__", None)
    if isinstance(fields, dict) and not isinstance(value, type):
        return tuple(getattr(value, name) for name in fields)
    return None


def _leaves(value: object, path: str = "out") -> Iterator[tuple[str, Any, bool]]:
    """(path, value, is it the container's shape) of every leaf: a container yields its length,
    keys or type first, which must be equal, never a numeric difference."""
    if _is_array(value):
        yield path, value, False
    elif isinstance(value, (list, tuple)):
        yield path + ".len", len(value), True
        for i, v in enumerate(value):
            yield from _leaves(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        yield path + ".keys", tuple(sorted(map(str, value))), True
        for k in sorted(value, key=str):
            yield from _leaves(value[k], f"{path}[{k!r}]")
    else:
        fields = _fields(value)
        if fields is not None:
            yield path + ".type", type(value).__qualname__, True
            yield from _leaves(fields, path)
        else:
            yield path, value, False


def _kind(value: object) -> str:
    tensor = _tensor_type()
    if tensor is not None and isinstance(value, tensor):
        return "tensor"
    if _is_array(value):
        return "ndarray"
    return "number" if _is_number(value) else "other"


def _equal(a: object, b: object) -> bool:
    """``a == b`` as one bool, also where ``==`` answers element-wise (an array-like object)."""
    try:
        same = a == b
    except Exception:
        return False
    if isinstance(same, bool):
        return same
    try:
        return bool(same)
    except Exception:   # "the truth value of an array ... is ambiguous"
        pass
    try:
        return bool(same.all())
    except Exception:
        return False


class _Comparison:
    def __init__(self, atol: float, rtol: float) -> None:
        self.atol, self.rtol = atol, rtol
        self.ok = True
        self.finite = True
        self.err = 0.0

    def differs(self) -> None:
        """A difference with no finite size: a structure, type, shape or NaN position."""
        self.ok = self.finite = False

    def number(self, a: Any, b: Any) -> None:
        x, y = complex(a), complex(b)
        nan_x, nan_y = cmath.isnan(x), cmath.isnan(y)
        if nan_x or nan_y:
            if nan_x != nan_y:
                self.differs()
            return
        if x == y:       # equal infinities too
            return
        diff = abs(x - y)
        if not math.isfinite(diff):
            self.differs()
            return
        self.err = max(self.err, diff)
        if diff > self.atol + self.rtol * abs(y):
            self.ok = False

    def arrays(self, a: Any, b: Any, kind: str) -> None:
        """Two tensors, or two NumPy arrays (each with its own library: NumPy needs no torch)."""
        if kind == "ndarray" and not (a.dtype.kind in _NUMERIC and b.dtype.kind in _NUMERIC):
            if not (a.shape == b.shape and _equal(a, b)):     # objects, strings, dates: equal or not
                self.differs()
            return
        if tuple(a.shape) != tuple(b.shape):
            self.differs()
            return
        parts = _tensor_parts(a, b) if kind == "tensor" else _ndarray_parts(a, b)
        if parts is None:
            self.differs()
            return
        if not parts:
            return
        diff, bound = parts
        if not bool(((diff - diff) == 0).all()):    # an infinity against another value (inf - inf is NaN)
            self.differs()
            return
        self.err = max(self.err, float(diff.max()))
        # equal values pass even where the bound is NaN (rtol 0 times an infinity)
        if not bool(((diff == 0) | (diff <= self.atol + self.rtol * bound)).all()):
            self.ok = False


_NUMERIC = "biufc"      # NumPy dtype kinds: bool, signed, unsigned, float, complex


def _tensor_parts(a: Any, b: Any) -> tuple[Any, Any] | tuple[()] | None:
    """(|a - b|, |b|) as float64 over the positions where neither is NaN (equal infinities: 0);
    () when nothing is left to compare; None when the NaN positions differ."""
    import torch
    x, y = a.detach().to("cpu"), b.detach().to("cpu")
    if x.numel() == 0:
        return ()
    if x.is_complex() or y.is_complex():
        x, y = x.to(torch.complex128), y.to(torch.complex128)
        nan_x, nan_y = torch.isnan(x.real) | torch.isnan(x.imag), torch.isnan(y.real) | torch.isnan(y.imag)
    else:
        x, y = x.to(torch.float64), y.to(torch.float64)
        nan_x, nan_y = torch.isnan(x), torch.isnan(y)
    if not torch.equal(nan_x, nan_y):
        return None
    x, y = x[~nan_x], y[~nan_x]
    if x.numel() == 0:
        return ()
    diff = torch.where(x == y, torch.zeros((), dtype=torch.float64), (x - y).abs().to(torch.float64))
    return diff, y.abs().to(torch.float64)


def _ndarray_parts(a: Any, b: Any) -> tuple[Any, Any] | tuple[()] | None:
    """As _tensor_parts, for NumPy arrays."""
    numpy: Any = sys.modules["numpy"]     # imported by whoever made the array (see _ndarray_type), never here
    if a.size == 0:
        return ()
    wide = numpy.complex128 if numpy.iscomplexobj(a) or numpy.iscomplexobj(b) else numpy.float64
    x, y = numpy.asarray(a).astype(wide), numpy.asarray(b).astype(wide)
    nan_x, nan_y = numpy.isnan(x), numpy.isnan(y)
    if not numpy.array_equal(nan_x, nan_y):
        return None
    x, y = x[~nan_x], y[~nan_x]
    if x.size == 0:
        return ()
    with numpy.errstate(invalid="ignore"):     # inf - inf: NaN, found by the caller
        diff = numpy.where(x == y, 0.0, numpy.abs(x - y)).astype(numpy.float64)
    return diff, numpy.abs(y).astype(numpy.float64)


def check(out: object, ref: object, atol: float, rtol: float) -> dict[str, Any]:
    """``{"ok": bool, "max_abs_err": float}`` of ``out`` against ``ref`` (``max_abs_err`` left out
    where it is not a finite number)."""
    a, b = list(_leaves(out)), list(_leaves(ref))
    comparison = _Comparison(atol, rtol)
    if len(a) != len(b):
        comparison.differs()
    for (pa, va, structural), (pb, vb, _) in zip(a, b):
        kind = _kind(va)
        if pa != pb or kind != _kind(vb) or (structural and va != vb):
            comparison.differs()
        elif structural:
            continue
        elif kind == "tensor" or kind == "ndarray":
            comparison.arrays(va, vb, kind)
        elif kind == "number":
            comparison.number(va, vb)
        elif not _equal(va, vb):
            comparison.ok = False
    result: dict[str, Any] = {"ok": bool(comparison.ok)}
    if comparison.finite:
        result["max_abs_err"] = rounded(comparison.err)
    return result


def snapshot(value: Any) -> Any:
    """A copy of an input or an eager output that later in-place changes cannot reach: tensors
    detached and cloned, containers rebuilt, anything else deep-copied where it can be."""
    tensor = _tensor_type()
    if tensor is not None and isinstance(value, tensor):
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
