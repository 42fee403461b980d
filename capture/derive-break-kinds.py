#!/usr/bin/env python3
"""Derives compile-receipt's table of break kinds from PyTorch's registry of graph-break types.

    capture/derive-break-kinds.py REGISTRY [VERSION] > core/src/main/resources/dev/compilereceipt/break-kinds.tsv

REGISTRY is torch/_dynamo/graph_break_registry.json of a PyTorch release (2.14.1: 561 ids, each
with one or more entries of Gb_type, Context, Explanation and Hints). Every id gets one kind by the
rules below, applied in order to its entries' Gb_type and Explanation; an id no rule names is
``unknown``, never a guess. ``by-operand`` marks the generic ids (a builtin operator, a skipped
function) whose kind depends on what was called: the engine reads the operand from the message's
explanation. CI runs this against the sid chroot's registry and fails when the shipped table
differs from what it derives (capture/test-with-real-torch.sh).
"""

import hashlib
import json
import re
import sys

# (kind, pattern on "Gb_type\nExplanation"), first match wins. Case-insensitive.
RULES = [
    ("user-inserted", r"torch\._dynamo\.graph_break\(\)|user-inserted|torch\._dynamo\.skip_frame\(\)"
                      r"|torch\._dynamo\.disable\(\)|torch\.compiler\.disable\(\)"),
    ("frame-skip", r"^graph break in loop$|^skip frame due to|skipping the frame|skipping frame"),
    ("device-sync", r"tensor\.item\(\)|tolist\(\)|data[ -]dependent|dynamic shape operator|guard_scalar"),
    ("data-copy", r"numpy|ndarray|copy\.deepcopy a tensor"),
    ("python-side-effect", r"logging\.logger|\bprint\b|debugging function|store_global|in globals"
                           r"|side effect on existing|contextvar mutation|class attribute mutation"
                           r"|__class__ assignment|write to immutable cell|generator reconstruction with mutations"
                           r"|mutating a variable not in the current scope"),
    ("by-operand", r"^failed to trace builtin operator$|^attempted to (call|inline) function marked as skipped"),
    ("unsupported-call", r"unsupported|not supported|unimplemented|not implemented|missing|marked as skipped"
                         r"|cannot trace|untraceable|failed to trace|does not support|does not know how to"
                         r"|non-pt2-compliant|c/c\+\+|c extension|c-implemented|c method|illegal"
                         r"|no traceable __call__|functions not implemented in python"),
]


def kind_of(entries):
    for kind, pattern in RULES:
        for entry in entries:
            text = entry.get("Gb_type", "") + "\n" + entry.get("Explanation", "")
            if any(re.search(pattern, line, re.IGNORECASE) for line in text.split("\n")):
                return kind
    return "unknown"


def main(path, version):
    with open(path, "rb") as f:
        raw = f.read()
    registry = json.loads(raw)
    print("# compile-receipt break kinds, derived by capture/derive-break-kinds.py from PyTorch's")
    print(f"# torch/_dynamo/graph_break_registry.json ({version}; {len(registry)} ids;"
          f" sha256 {hashlib.sha256(raw).hexdigest()}).")
    print("# The registry is part of PyTorch: BSD-3-Clause, Copyright (c) 2016- Facebook, Inc. (Adam Paszke)")
    print("# and the PyTorch contributors; see https://github.com/pytorch/pytorch/blob/main/LICENSE.")
    print("# Columns: gb_id, kind, gb_type (the first entry's that is not a placeholder). by-operand: the kind depends on what was called.")
    for gb_id in sorted(registry):
        entries = registry[gb_id]
        named = [e.get("Gb_type", "") for e in entries if not e.get("Gb_type", "").startswith("_")]
        gb_type = " ".join((named or [""])[0].split())
        print(f"{gb_id}\t{kind_of(entries)}\t{gb_type}")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: derive-break-kinds.py REGISTRY [VERSION]")
    main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else "python3-torch 2.14.1+debian, Debian sid")
