"""The package itself: what ``import compile_receipt_capture`` gives and does not import, the
``python -m`` entry point, the examples in its docstrings, its metadata, and (where setuptools can
build wheels, as in the chroots) the wheel ``pip install ./capture`` installs.

    python3 -m unittest test_package          (from capture/tests)
"""

import doctest
import importlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CAPTURE = os.path.dirname(HERE)
SRC = os.path.join(CAPTURE, "src")
sys.path.insert(0, SRC)

import compile_receipt_capture as crc  # noqa: E402

MODULES = ["breaks", "call_events", "calls", "cli", "contract", "output_check", "profile_out", "profiler_spans", "runs",
           "structured_log"]


def load_tests(loader, tests, pattern):
    for name in MODULES:     # the examples in the docstrings are tests too
        tests.addTests(doctest.DocTestSuite(importlib.import_module(f"compile_receipt_capture.{name}")))
    return tests


def python(*args, cwd=HERE):
    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.run([sys.executable, *args], env=env, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)


class PackageTest(unittest.TestCase):
    def test_public_names(self):
        self.assertEqual(sorted(crc.__all__), ["Args", "Capture", "CaptureError", "FORMAT", "MAX_CALLS",
                                               "MAX_EVENTS_PER_CALL", "TraceError", "capture", "main",
                                               "validate_trace", "write_trace"])
        self.assertEqual((crc.FORMAT, crc.MAX_CALLS, crc.MAX_EVENTS_PER_CALL), ("compile-trace/1", 64, 16))
        self.assertTrue(callable(crc.capture) and callable(crc.main))
        self.assertTrue(issubclass(crc.TraceError, ValueError) and issubclass(crc.CaptureError, RuntimeError))

    def test_import_loads_neither_torch_nor_numpy(self):
        proc = python("-c", "import sys, compile_receipt_capture; from compile_receipt_capture import cli, runs; "
                            "print(sorted(m for m in ('torch', 'numpy') if m in sys.modules))")
        self.assertEqual((proc.returncode, proc.stdout), (0, "[]\n"))

    def test_python_dash_m(self):
        proc = python("-m", "compile_receipt_capture", "--help")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertTrue(proc.stdout.startswith("usage: python3 -m compile_receipt_capture [-h] --module MODULE"),
                        proc.stdout)
        for option in ("--baseline", "--candidate", "--inputs", "--out", "--relative-to", "--decision", "--max-calls"):
            self.assertIn(option, proc.stdout)
        proc = python("-m", "compile_receipt_capture", "--module", "m.py")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("the following arguments are required: --baseline, --out", proc.stdout)

    def test_bad_decision_on_the_command_line_writes_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "t.json")
            with open(os.path.join(d, "plain.py"), "w", encoding="utf-8") as f:     # a model module without torch
                f.write("def f(x):\n    return x\n\n\ndef capture_inputs():\n    return {'warmup': [(1,)]}\n")
            proc = python("-m", "compile_receipt_capture", "--module", os.path.join(d, "plain.py"),
                          "--baseline", "f", "--out", out, "--decision", "{not json")
            self.assertEqual(proc.returncode, 2, proc.stdout)
            self.assertIn("compile_receipt_capture: --decision: Expecting property name", proc.stdout)
            self.assertFalse(os.path.exists(out))

    def test_metadata(self):
        with open(os.path.join(CAPTURE, "pyproject.toml"), "rb") as f:
            meta = tomllib.load(f)
        project = meta["project"]
        self.assertEqual((project["name"], project["requires-python"], project["dependencies"]),
                         ("compile-receipt-capture", ">=3.11", ["torch"]))
        self.assertEqual(meta["tool"]["setuptools"]["packages"]["find"], {"where": ["src"]})
        on_disk = sorted(f[:-3] for f in os.listdir(os.path.join(SRC, "compile_receipt_capture"))
                         if f.endswith(".py") and not f.startswith("__"))
        self.assertEqual(on_disk, MODULES)

    def test_wheel(self):
        try:
            import setuptools
            from setuptools import build_meta
        except ImportError:
            self.skipTest("no setuptools here")
        version = tuple(int(p) for p in setuptools.__version__.split(".")[:2])
        if version < (70, 1) and importlib.util.find_spec("wheel") is None:
            self.skipTest(f"setuptools {setuptools.__version__} builds wheels only with the wheel package")
        with tempfile.TemporaryDirectory() as d:       # a copy: the build writes next to the sources
            project = os.path.join(d, "capture")
            shutil.copytree(SRC, os.path.join(project, "src"), ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy(os.path.join(CAPTURE, "pyproject.toml"), project)
            cwd = os.getcwd()
            os.chdir(project)
            try:
                wheel = build_meta.build_wheel(os.path.join(d, "dist"))
            finally:
                os.chdir(cwd)
            with zipfile.ZipFile(os.path.join(d, "dist", wheel)) as z:
                names = set(z.namelist())
                metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        self.assertTrue(wheel.startswith("compile_receipt_capture-0.1.0-py3-none-any"), wheel)
        expected = {f"compile_receipt_capture/{m}.py" for m in MODULES + ["__init__", "__main__"]}
        self.assertEqual({n for n in names if n.startswith("compile_receipt_capture/")},
                         expected | {"compile_receipt_capture/py.typed"})
        self.assertIn("Requires-Python: >=3.11", metadata)
        self.assertIn("Requires-Dist: torch", metadata)


if __name__ == "__main__":
    unittest.main()
