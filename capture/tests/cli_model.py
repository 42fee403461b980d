"""A tiny module for the command-line test: python3 -m compile_receipt_capture --module cli_model.py ..."""

import io

import torch

_SINK = io.StringIO()


def double_then_tanh(x, y):
    return torch.tanh(x * 2.0 + y)


def tanh_of_sum(x, y):
    return torch.tanh((x + x) + y)


def tanh_print_sum(x, y):
    t = torch.tanh(x)
    print("a graph break", file=_SINK)
    return t + y


def capture_inputs():
    g = torch.Generator().manual_seed(5)
    x, y = torch.randn(8, generator=g), torch.randn(8, generator=g)
    x2, y2 = torch.randn(12, generator=g), torch.randn(12, generator=g)
    return {"warmup": [(x, y)], "steady": [(x, y)] * 2, "changed": {"n12": (x2, y2)},
            "compile": {"dynamic": True}}
