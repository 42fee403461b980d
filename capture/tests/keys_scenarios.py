"""Issue #46's warm pairs: one small model compiled in a cold process, then replayed in a warm process
that reuses its cache folders with one change applied (capture(..., warm_start=keys, warm_env=...)).
The warm process calls :func:`keys` again; the changes of the model's code, of an input's dtype and of
its shape reach it through the variable CHANGE_VARIABLE, which only the warm process has (warm_env=).

    change            cold process                warm process (warm_env)
    none              -                           -                                (the control)
    threads           OMP_NUM_THREADS=1           OMP_NUM_THREADS=2
    inductor-option   -                           TORCHINDUCTOR_SIZE_ASSERTS=0
    code              cos(sin(x) * 2) + 1         COMPILE_RECEIPT_KEYS_CHANGE=code: cos(sin(x) * 3) + 1
    dtype             float32                     COMPILE_RECEIPT_KEYS_CHANGE=dtype: float64
    shape             8 x 16                      COMPILE_RECEIPT_KEYS_CHANGE=shape: 12 x 16

Every cold process runs with OMP_NUM_THREADS=1 (test_cache_keys sets it), so that only the threads
pair changes the thread count."""

import os

import torch

CHANGE_VARIABLE = "COMPILE_RECEIPT_KEYS_CHANGE"
CHANGES = ("none", "threads", "inductor-option", "code", "dtype", "shape")
# What the warm process of each pair runs with (the cold process: OMP_NUM_THREADS=1 for all).
WARM_ENV = {"none": {}, "threads": {"OMP_NUM_THREADS": "2"}, "inductor-option": {"TORCHINDUCTOR_SIZE_ASSERTS": "0"},
            "code": {CHANGE_VARIABLE: "code"}, "dtype": {CHANGE_VARIABLE: "dtype"}, "shape": {CHANGE_VARIABLE: "shape"}}


def sin_cos(x):
    return torch.cos(torch.sin(x) * 2.0) + 1.0


def sin_cos_changed(x):     # the model's code changed: another constant
    return torch.cos(torch.sin(x) * 3.0) + 1.0


def keys():
    change = os.environ.get(CHANGE_VARIABLE, "none")
    if change not in ("none", "code", "dtype", "shape"):
        raise ValueError(f"{CHANGE_VARIABLE}={change}: expected code, dtype or shape")
    rows = 12 if change == "shape" else 8
    dtype = torch.float64 if change == "dtype" else torch.float32
    x = torch.randn(rows, 16, generator=torch.Generator().manual_seed(46), dtype=dtype)
    return dict(fn=sin_cos_changed if change == "code" else sin_cos, name="keys", eager=1,
                warmup=[(x,)], steady=[(x,)], changed=[],
                fixture={"model": "cos(sin(x) * 2) + 1 on 8 x 16 float32 (warm pairs of issue #46)"})
