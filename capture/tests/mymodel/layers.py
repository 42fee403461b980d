"""A block that breaks in four kinds (scenarios.break_kinds) and a loop that makes Dynamo skip its
frame (scenarios.break_in_loop); each *_fixed twin computes the same without the break.
Line numbers matter: the tests find them by content (scenarios.layer_line)."""

import io

import torch

_SINK = io.StringIO()


def block(x):
    y = torch.sin(x)
    s = y.abs().max().item()                   # device-sync: reads a tensor's value on the host
    y = torch.cos(y) / s
    print("logged", file=_SINK)                # python-side-effect
    y = y * 2 + 1
    torch._dynamo.graph_break()                # user-inserted
    d = torch.distributions.Normal(y, torch.ones_like(y), validate_args=True)   # breaks inside torch
    return d.mean * 3


def block_fixed(x):
    y = torch.sin(x)
    y = torch.cos(y) / y.abs().max()
    return (y * 2 + 1) * 3


def looped(x):
    total = x
    for _ in range(2):
        total = total + total.sum().item()     # a break in a loop: Dynamo skips the frame
    return total


def looped_fixed(x):
    total = x
    for _ in range(2):
        total = total + total.sum()
    return total
