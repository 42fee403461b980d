"""The package's modules import one another without a circle: each module's imports, read from its
source (``ast``, so imports inside functions count too, and nothing is executed), form an acyclic
graph. A function-level import that only dodges a circle is still a circle.

    python3 -m unittest test_imports          (from capture/tests)
"""

import ast
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = "compile_receipt_capture"
FOLDER = os.path.join(os.path.dirname(HERE), "src", PACKAGE)


def module_names():
    return sorted(f[:-3] for f in os.listdir(FOLDER) if f.endswith(".py"))


def imported_modules(name, modules):
    """The package's modules that module ``name`` imports anywhere in its source (``__init__`` for a
    name the package itself defines)."""
    with open(os.path.join(FOLDER, name + ".py"), encoding="utf-8") as f:
        return imports_in(f.read(), name, modules)


def imports_in(source, name, modules):
    tree = ast.parse(source, filename=name + ".py")
    found = set()

    def add(dotted, names=()):
        parts = dotted.split(".") if dotted else []
        if parts[:1] != [PACKAGE]:
            return
        if len(parts) == 1:         # from compile_receipt_capture import x: a module, or a name of __init__
            found.update(n if n in modules else "__init__" for n in names or ["__init__"])
        elif parts[1] in modules:
            found.add(parts[1])

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            elif node.level == 1:
                base = PACKAGE + ("." + node.module if node.module else "")
            else:
                raise AssertionError(f"{name}: an import above the package ({'.' * node.level}{node.module or ''})")
            add(base, [alias.name for alias in node.names])
    found.discard(name)
    return found


def cycle(graph):
    """One import circle of ``graph`` ({module: imported modules}) as [a, b, ..., a], or None."""
    state, path = {}, []

    def visit(node):
        state[node] = "open"
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


class ImportGraphTest(unittest.TestCase):
    def test_no_import_circle(self):
        modules = set(module_names())
        graph = {name: imported_modules(name, modules) for name in modules}
        found = cycle(graph)
        self.assertIsNone(found, "an import circle: " + " -> ".join(found or []))

    def test_the_warm_process_is_apart_from_the_first_process(self):
        modules = set(module_names())
        graph = {name: imported_modules(name, modules) for name in modules}
        self.assertEqual(sorted(name for name, imported in graph.items() if "warm_process" in imported), [])
        self.assertEqual(sorted(graph["warm_process"]), ["cli", "contract", "runs"])

    def test_the_reading_sees_every_form_of_import_inside_functions_too(self):
        source = ("import json\nfrom . import contract, capture\nfrom .calls import Args\n"
                  "import compile_receipt_capture.breaks\nfrom compile_receipt_capture.runs import capture\n"
                  "def main():\n    from .cli import capture_arguments\n"
                  "    class Late:\n        def f(self):\n            import compile_receipt_capture as crc\n")
        modules = {"contract", "calls", "breaks", "runs", "cli", "warm_start"}
        self.assertEqual(sorted(imports_in(source, "warm_start", modules)),
                         ["__init__", "breaks", "calls", "cli", "contract", "runs"])

    def test_a_circle_is_found_and_named(self):
        self.assertEqual(cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}), ["a", "b", "c", "a"])
        self.assertEqual(cycle({"cli": {"runs", "warm_start"}, "runs": {"warm_start"}, "warm_start": {"cli"}}),
                         ["cli", "runs", "warm_start", "cli"])
        self.assertIsNone(cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}))


if __name__ == "__main__":
    unittest.main()
