"""Small real models for the capture tests: one function per scenario returns the keyword
arguments of compile_receipt_capture.capture(), plus what the scenario must show."""

import io

import torch

_SINK = io.StringIO()   # print() goes here: the graph break is the call to print, not the output


# (1) a graph break in every call: print() in the middle --------------------------------------
def sin_print_cos(x):
    y = torch.sin(x) * 2.0
    print("between the two graphs", file=_SINK)
    return torch.cos(y) + 1.0


def sin_cos(x):
    y = torch.sin(x) * 2.0
    return torch.cos(y) + 1.0


def graph_break():
    g = torch.Generator().manual_seed(1)
    x8, x16, x32 = (torch.randn(n, generator=g) for n in (8, 16, 32))
    return dict(fn=sin_print_cos, candidate=sin_cos, name="graph-break", eager=2,
                warmup=[(x8,)], steady=[(x8,)] * 3, changed=[("n16", (x16,)), ("n32", (x32,)), ("n16", (x16,))],
                fixture={"model": "sin, print, cos (candidate: print removed)"})


# (2) a recompile storm: a Python int with dynamic=False, until the recompile limit ------------
def scale_by_int(x, n):
    return x * n + n


def int_as_tensor(x, n):
    return torch.tensor(n, dtype=x.dtype)


def recompile_storm():
    x = torch.randn(8, generator=torch.Generator().manual_seed(2))
    return dict(fn=scale_by_int, candidate=scale_by_int, name="recompile-storm", eager=2,
                warmup=[(x, 1)], steady=[(x, n) for n in range(2, 11)],
                changed=[("n99", (x, 99)), ("n100", (x, 100))],
                compile={"dynamic": False},
                candidate_adapt=lambda x, n: (x, int_as_tensor(x, n)),
                fixture={"model": "x * n + n with a Python int n (candidate: n as a 0-d tensor)"})


# (3) a shape change: automatic dynamic shapes recompile once --------------------------------
def shape_change():
    torch.manual_seed(3)
    mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.ReLU(), torch.nn.Linear(32, 4)).eval()
    g = torch.Generator().manual_seed(3)
    b4, b8, b16 = (torch.randn(n, 16, generator=g) for n in (4, 8, 16))
    return dict(fn=mlp, candidate=mlp, name="shape-change", eager=2,
                warmup=[(b4,)], steady=[(b4,)] * 3, changed=[("b8", (b8,)), ("b16", (b16,)), ("b8", (b8,))],
                candidate_compile={"dynamic": True},
                fixture={"model": "MLP 16-32-4, batch 4 then 8 and 16 (candidate: dynamic=True)"},
                decision=DECISION)


# The decision record the shape-change capture carries (test_3 checks it is written as given).
DECISION = {"intervention": "compile with dynamic=True", "rollback_trigger": "a steady recompile, or steady p90 over 1 ms",
            "warmup_policy": "one warmup call at batch 4", "owner": "capture tests", "worker_lifetime_calls": 10_000}


# (4) a frame that falls back to eager: the backend fails under suppress_errors ----------------
def broken_backend(gm, example_inputs):
    raise RuntimeError("compile-receipt test backend: always fails")


def gelu_gate(x):
    return torch.nn.functional.gelu(x) * torch.sigmoid(x)


def fallback():
    torch._dynamo.config.suppress_errors = True
    g = torch.Generator().manual_seed(4)
    x8, x16 = torch.randn(8, generator=g), torch.randn(16, generator=g)
    return dict(fn=gelu_gate, candidate=gelu_gate, name="fallback", eager=2,
                warmup=[(x8,)], steady=[(x8,)] * 3, changed=[("n16", (x16,))],
                compile={"backend": broken_backend}, candidate_compile={"backend": "inductor"},
                fixture={"model": "gelu(x) * sigmoid(x); baseline backend raises, candidate Inductor"})


# (5) breaks of four kinds in a user's package: .item(), print, graph_break(), torch.distributions ---
def break_kinds():
    from mymodel import layers
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(5))
    return dict(fn=layers.block, candidate=layers.block_fixed, name="break-kinds", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "mymodel.layers.block: .item(), print, graph_break(), Normal(validate_args=True) in one frame"
                                  " (candidate: none of them)"})


# (6) a break inside a loop: Dynamo gives up the frame, which runs eagerly ------------------------
def break_in_loop():
    from mymodel import layers
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(6))
    return dict(fn=layers.looped, candidate=layers.looped_fixed, name="break-in-loop", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "mymodel.layers.looped: .item() in a for loop (candidate: the sum stays a tensor)"})


SCENARIOS = {"graph-break": graph_break, "recompile-storm": recompile_storm,
             "shape-change": shape_change, "fallback": fallback,
             "break-kinds": break_kinds, "break-in-loop": break_in_loop}


# ---- Issue #29's scenarios: appended, so that the lines above (named by committed fixtures) stay put.
import copy  # noqa: E402
import logging  # noqa: E402
import time  # noqa: E402

logger = logging.getLogger(__name__)    # no handler, level WARNING: logger.info prints nothing
_CONFIG = {"scale": 2.0, "shift": 1.0}


# (7) .tolist() of a float tensor: its values as Python floats ----------------------------------
def tolist_sum(x):
    y = torch.sin(x) * 2.0
    values = y.tolist()
    return torch.cos(y) + sum(values)


def tensor_sum(x):
    y = torch.sin(x) * 2.0
    return torch.cos(y) + y.sum()


def tolist():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(7))
    return dict(fn=tolist_sum, candidate=tensor_sum, name="tolist", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "cos(y) + sum(y.tolist()) (candidate: y.sum())"})


# (8) copy.deepcopy of a dict inside the compiled function ---------------------------------------
def deepcopy_config(x):
    cfg = copy.deepcopy(_CONFIG)
    return torch.sin(x) * cfg["scale"] + cfg["shift"]


def shared_config(x):
    return torch.sin(x) * _CONFIG["scale"] + _CONFIG["shift"]


def deepcopy_dict():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(8))
    return dict(fn=deepcopy_config, candidate=shared_config, name="deepcopy-dict", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "copy.deepcopy of a config dict, then sin(x) * scale + shift (candidate: no copy)"})


# (9) an unsupported builtin: time.time() -------------------------------------------------------
def stamped(x):
    y = torch.sin(x) * 2.0
    started = time.time()  # noqa: F841  (read, never used: a used float would be guarded and recompile)
    return torch.cos(y) + 1.0


def time_builtin():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(9))
    return dict(fn=stamped, candidate=sin_cos, name="time-builtin", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "sin, time.time(), cos (candidate: no time stamp)"})


# (10) a data-dependent branch inside PyTorch: kl_divergence of two Binomials runs
# torch/distributions/kl.py's `if (p.total_count < q.total_count).any():` ------------------------
def binomial_kl(p):
    a = torch.distributions.Binomial(10, probs=torch.sigmoid(p), validate_args=False)
    b = torch.distributions.Binomial(10, probs=torch.sigmoid(p * 0.5), validate_args=False)
    kl = torch.distributions.kl_divergence(a, b)
    return kl * 2.0 + 1.0      # tensor work after the break: it runs in the resume frame's region


def binomial_kl_fixed(p):
    pa, pb = torch.sigmoid(p), torch.sigmoid(p * 0.5)
    kl = 10 * (pa * (torch.log(pa) - torch.log(pb)) + (1 - pa) * (torch.log1p(-pa) - torch.log1p(-pb)))
    return kl * 2.0 + 1.0


def torch_branch():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(10))
    return dict(fn=binomial_kl, candidate=binomial_kl_fixed, name="torch-branch", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "kl_divergence(Binomial, Binomial): a tensor's truth value in torch's kl.py"
                                  " (candidate: the closed form)"})


# (11) a logging call in a helper the model calls ------------------------------------------------
def _log_shape(y):
    logger.info("scaled: %s", tuple(y.shape))
    return y


def logged_scale(x):
    y = _log_shape(torch.sin(x) * 2.0)
    return torch.cos(y) + 1.0


def logging_call():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(11))
    return dict(fn=logged_scale, candidate=sin_cos, name="logging-call", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "sin, logger.info in a helper, cos (candidate: no logging)"})


# (12) a model that returns a NumPy array -------------------------------------------------------
def numpy_result(x):
    y = torch.sin(x) * 2.0
    return (torch.cos(y) + 1.0).numpy()


def numpy_out():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(12))
    return dict(fn=numpy_result, candidate=numpy_result, name="numpy-out", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "sin, cos, .numpy(): the output is a NumPy array"})


SCENARIOS.update({"tolist": tolist, "deepcopy-dict": deepcopy_dict, "time-builtin": time_builtin,
                  "torch-branch": torch_branch, "logging-call": logging_call, "numpy-out": numpy_out})


# ---- Issue #31's scenarios (recompile causes): appended, so that the lines above stay put.

# (13) shape churn: dynamic=False, so every new batch size is a variant of its own ---------------
def churn_scale(x):
    return torch.sin(x) * 2.0 + 1.0


def shape_churn():
    g = torch.Generator().manual_seed(13)
    x4, x8, x16, x32 = (torch.randn(n, generator=g) for n in (4, 8, 16, 32))
    return dict(fn=churn_scale, candidate=churn_scale, name="shape-churn", eager=1,
                warmup=[(x4,)], steady=[(x4,), (x8,), (x16,)], changed=[("n32", (x32,))],
                compile={"dynamic": False}, candidate_compile={"dynamic": True},
                fixture={"model": "sin(x) * 2 + 1, sizes 4, 8, 16, 32 with dynamic=False (candidate: dynamic=True)"})


# (14) a Python bool argument that flips: each value is a specialization of its own -------------
def flagged(x, flag):
    return torch.sin(x) * 2.0 if flag else torch.cos(x) + 1.0


def flag_as_tensor(x, flag):
    return torch.where(flag, torch.sin(x) * 2.0, torch.cos(x) + 1.0)


def bool_arg():
    x = torch.randn(8, generator=torch.Generator().manual_seed(14))
    return dict(fn=flagged, candidate=flag_as_tensor, name="bool-arg", eager=1,
                warmup=[(x, True)], steady=[(x, True), (x, False), (x, True)], changed=[("off", (x, False))],
                candidate_adapt=lambda x, flag: (x, torch.tensor(flag)),
                fixture={"model": "sin(x) * 2 if flag else cos(x) + 1 with a Python bool flag (candidate: torch.where on a 0-d tensor)"})


# (15) grad mode that changes between calls: global state Dynamo guards ------------------------------
def _set_grad_mode(x, grad):
    """The input adapter sets grad mode for the call, as a caller's torch.set_grad_enabled would."""
    torch.set_grad_enabled(grad)
    return (x,)


def grad_mode():
    x = torch.randn(8, generator=torch.Generator().manual_seed(15))
    return dict(fn=churn_scale, candidate=churn_scale, name="grad-mode", eager=1,
                warmup=[(x, True)], steady=[(x, True), (x, False), (x, True)], changed=[("no-grad", (x, False))],
                adapt=_set_grad_mode, candidate_adapt=lambda x, grad: _set_grad_mode(x, False),
                fixture={"model": "sin(x) * 2 + 1 called with grad mode on, off, on, off (candidate: always off)"})


SCENARIOS.update({"shape-churn": shape_churn, "bool-arg": bool_arg, "grad-mode": grad_mode})


# ---- Issue #32's warm starts: appended, so that the lines above stay put. The two shipped scenarios,
# small: their eager control and warmup calls are replayed in a fresh process that reuses the first
# process's cache folders (capture(..., warm_start=<this function>): the fresh process calls it again).
def print_bridge():
    x8 = torch.randn(8, generator=torch.Generator().manual_seed(1))
    return dict(fn=sin_print_cos, candidate=sin_cos, name="print-bridge", eager=1,
                warmup=[(x8,)], steady=[(x8,)] * 2, changed=[],
                fixture={"model": "sin, print, cos (candidate: print removed)"})


def int_spec():
    x = torch.randn(8, generator=torch.Generator().manual_seed(2))
    return dict(fn=scale_by_int, candidate=scale_by_int, name="int-spec", eager=1,
                warmup=[(x, 1)], steady=[(x, n) for n in (2, 3)], changed=[],
                compile={"dynamic": False},
                candidate_adapt=lambda x, n: (x, int_as_tensor(x, n)),
                fixture={"model": "x * n + n with a Python int n (candidate: n as a 0-d tensor)"})


SCENARIOS.update({"print-bridge": print_bridge, "int-spec": int_spec})
WARM_START = {"print-bridge", "int-spec"}     # captured with warm_start=


# ---- Issue #35 (item 9): the print-bridge capture of fixtures/ (calls and sizes as there), remade here so that its TORCH_LOGS text can be
# captured again with the run markers. Appended, so that the lines above stay put.
def bridged(x):
    y = torch.sin(x) * 2.0
    print("bridge", end="\r", file=_SINK)
    return torch.cos(y) + 1.0


def print_bridge_marked():
    g = torch.Generator().manual_seed(1)
    x8, x16, x32 = (torch.randn(n, generator=g) for n in (8, 16, 32))
    return dict(fn=bridged, candidate=sin_cos, name="print-bridge-marked", eager=3,
                warmup=[(x8,)], steady=[(x8,)] * 8, changed=[("n16", (x16,)), ("n32", (x32,)), ("n16", (x16,))],
                fixture={"model": "sin-print-cos"})


SCENARIOS.update({"print-bridge-marked": print_bridge_marked})
