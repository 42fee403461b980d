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
