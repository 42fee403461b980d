#!/usr/bin/env python3
"""Derives compile-receipt's table of break messages from the source of a PyTorch release that has no
graph-break ids (2.7 and older), as capture/derive-break-kinds.py derives the table of ids from 2.8+'s
registry.

    capture/derive-break-messages.py TORCH_DYNAMO_DIR [VERSION] > core/src/main/resources/dev/compilereceipt/break-messages.tsv

Every message Dynamo can break with is read from the source, not from the logs we happened to see:
each ``unimplemented(MSG)`` and ``unimplemented_with_warning(E, CODE, MSG)`` call, each
``raise Unsupported(MSG)`` and each ``raise UserError(TYPE, MSG)`` (``break_graph_if_unsupported``
logs these as ``Unsupported: MSG`` too: a data-dependent branch) under TORCH_DYNAMO_DIR (2.6.0: torch/_dynamo of python3-torch, Debian
trixie). MSG becomes a template: its literal text, with ``{}`` where an f-string, ``%`` or
``.format`` puts a value at run time. A MSG that is a local name takes the text last assigned to it
in the same function before the call (one row for each assignment). A template with no word in its literal text (the message comes
from elsewhere, or is `{} {}`) cannot be matched and is ``unknown``, and so is a literal that no rule below names.

The kind comes from the template and the function that raises it (``TensorVariable.method_tolist``):
the RULES below, first match wins. ``by-operand`` marks a template whose kind depends on what was
called (the ``{}`` names the function): the engine reads it from the message itself. The engine
matches a logged message (less its ``Unsupported: `` prefix) against every template, the template
with the most literal text winning, and reads the kind from the winner. CI runs this against the
trixie chroot's source and fails when the shipped table differs (capture/test-with-real-torch.sh).
"""

import ast
import hashlib
import os
import re
import sys

# (kind, pattern on "template\\nClass.function"), first match wins. Case-insensitive.
RULES = [
    ("user-inserted", r"graph_break\(\)|user-inserted|skip_frame|torch\._dynamo\.disable|torch\.compiler\.disable"),
    ("by-operand", r"^'?skip function \{\}|^builtin: \{\}|^call_function \{\}|^call_method \{\}"
                   r"|unsupported (python )?builtin \{\}|^'?inline in skipfiles: \{\}|^skipped inlining \{\}"),
    ("device-sync", r"\bitem\b|tolist|data[ -]dependent|dynamic control flow|dynamic shape|generic_jump|guard_scalar"
                    r"|unbacked|nonzero"),
    ("data-copy", r"numpy|ndarray"),
    ("python-side-effect", r"\bprint\b|logging|logger|store_global|in globals|side effect|contextvar"
                           r"|__class__ assignment|mutating a variable not in the current scope"),
    ("unsupported-call", r"unsupported|not supported|unimplemented|not implemented|missing|nyi\b|skip function"
                         r"|cannot trace|untraceable|failed to trace|does not support|does not know how to"
                         r"|non-pt2-compliant|c/c\+\+|c extension|illegal|non-static call"
                         r"|\n\w+\.(call_\w*|method_\w+|call)$|copy\.deepcopy"),
]

# The calls and exceptions that break a graph, and which argument is the message.
# A template whose literal text has no word (`{} {}`, `{}({}, {})`) would match any message: it is unknown.
WORD = re.compile(r"[A-Za-z]{3}")

CALLS = {"unimplemented": 0, "unimplemented_with_warning": 2}
RAISED = {"Unsupported": 0, "UserError": 1}


def template(node, assigned):
    """The message's literal text with {} for each value filled in at run time; None where nothing is literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}")
    if isinstance(node, ast.JoinedStr):
        return "".join(template(part, assigned) or "{}" if isinstance(part, ast.Constant) else "{}" for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return (template(node.left, assigned) or "{}") + (template(node.right, assigned) or "{}")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        left = template(node.left, assigned)
        return re.sub(r"%[-#0 +]*[0-9*]*(\.[0-9*]+)?[a-zA-Z]", "{}", left) if left else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        left = template(node.func.value, assigned)
        return re.sub(r"\{\{[^{}]*\}\}", "{}", left) if left else None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dedent" and node.args:
        inner = template(node.args[0], assigned)
        return " ".join(inner.split()) if inner else None
    return None


def templates(node, assigned):
    """Every template a message can be: a local name is each text assigned to it earlier in the function."""
    if isinstance(node, ast.Name) and node.id in assigned:
        return [template(value, {}) for value in assigned[node.id]]
    return [template(node, assigned)]


def messages(path, relative):
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    found = []

    def visit(node, scope, assigned):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = scope + [node.name]
            body_assigned = {} if not isinstance(node, ast.ClassDef) else assigned
            for child in ast.iter_child_nodes(node):
                visit(child, inner, body_assigned)
            return
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)
        message = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
            position = CALLS[node.func.id]
            keyword = next((k.value for k in node.keywords if k.arg == "msg"), None)
            message = node.args[position] if len(node.args) > position else keyword
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            raised = node.exc.func.id if isinstance(node.exc.func, ast.Name) else getattr(node.exc.func, "attr", "")
            position = RAISED.get(raised)
            if position is not None and len(node.exc.args) > position:
                message = node.exc.args[position]
        if message is not None:
            where = ".".join(scope[-2:]) if scope else "<module>"
            for text in templates(message, assigned):
                found.append((text, f"{relative}:{node.lineno}", where))
        for child in ast.iter_child_nodes(node):
            visit(child, scope, assigned)

    visit(tree, [], {})
    return found


def kind_of(text, where):
    if text is None or not WORD.search(text.replace("{}", "")):
        return "unknown"
    subject = text + "\n" + where
    for kind, pattern in RULES:
        if re.search(pattern, subject, re.IGNORECASE | re.MULTILINE):
            return kind
    return "unknown"


def cell(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def main(root, version):
    rows, digest = [], hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            relative = "torch/_dynamo/" + os.path.relpath(path, root).replace(os.sep, "/")
            with open(path, "rb") as f:
                digest.update(relative.encode() + b"\0" + f.read())
            rows += messages(path, relative)
    rows.sort(key=lambda row: (row[1].rsplit(":", 1)[0], int(row[1].rsplit(":", 1)[1])))
    counts = {}
    for text, _, where in rows:
        kind = kind_of(text, where)
        counts[kind] = counts.get(kind, 0) + 1
    print("# compile-receipt break messages, derived by capture/derive-break-messages.py from the source of")
    print(f"# torch/_dynamo ({version}; {len(rows)} messages; sha256 of the sources {digest.hexdigest()}).")
    print("# Kinds: " + ", ".join(f"{k} {counts[k]}" for k in sorted(counts)) + ".")
    print("# The messages are part of PyTorch: BSD-3-Clause, Copyright (c) 2016- Facebook, Inc. (Adam Paszke)")
    print("# and the PyTorch contributors; see https://github.com/pytorch/pytorch/blob/main/LICENSE.")
    print("# Columns: template ({} where the message puts a value; {{ }} are literal braces; \\t \\n \\\\ escaped),")
    print("# kind, where (file:line), function. by-operand: the kind depends on what was called.")
    for text, at, where in rows:
        print(f"{cell(text) if text is not None else '{}'}\t{kind_of(text, where)}\t{at}\t{where}")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: derive-break-messages.py TORCH_DYNAMO_DIR [VERSION]")
    main(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else "python3-torch 2.6.0+debian, Debian trixie")
