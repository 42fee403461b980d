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

MODULES = ["breaks", "call_events", "calls", "cli", "compile_split", "contract", "output_check", "profile_out",
           "profiler_spans", "runs", "structured_log", "warm_process", "warm_start"]


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
        proc = python("-c", "import sys, compile_receipt_capture; from compile_receipt_capture import cli, runs, warm_start, "
                            "warm_process; "
                            "print(sorted(m for m in ('torch', 'numpy') if m in sys.modules))")
        self.assertEqual((proc.returncode, proc.stdout), (0, "[]\n"))

    def test_python_dash_m(self):
        proc = python("-m", "compile_receipt_capture", "--help")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertTrue(proc.stdout.startswith("usage: python3 -m compile_receipt_capture [-h] --module MODULE"),
                        proc.stdout)
        for option in ("--baseline", "--candidate", "--inputs", "--out", "--relative-to", "--decision", "--max-calls",
                       "--warm-start", "--warm-env", "--repeat"):
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

    def test_a_warm_start_it_cannot_replay_is_refused_before_torch(self):
        from compile_receipt_capture import warm_start
        f = lambda x: x  # noqa: E731
        with self.assertRaises(ValueError) as caught:
            crc.capture(f, warmup=[(1,)], warm_start=lambda: {})
        self.assertTrue(str(caught.exception).startswith("warm_start=<function PackageTest.test_a_warm_start_it_cannot_"
                                                         "replay_is_refused_before_torch.<locals>.<lambda> at "),
                        str(caught.exception))
        self.assertTrue(str(caught.exception).endswith(": the fresh process imports it, so it must be a module-level "
                                                       "function (no lambda, no nested function)"))
        with self.assertRaises(ValueError) as caught:
            crc.capture(f, eager=0, steady=[(1,)], warm_start="mymodels:inputs")
        self.assertEqual(str(caught.exception), "warm_start replays the eager control and warmup calls: give eager or "
                                                "warmup calls")
        with self.assertRaises(ValueError) as caught:
            crc.capture(f, warmup=[(1,)], warm_start="mymodels")
        self.assertEqual(str(caught.exception), 'warm_start="mymodels": give "module:function"')
        with self.assertRaises(ValueError) as caught:
            crc.capture(f, warmup=[(1,)], warm_start=True)
        self.assertEqual(str(caught.exception), 'warm_start must be a module-level function or "module:function" that '
                                                "returns the capture's arguments (the command line's --warm-start makes "
                                                "its own), found True")
        self.assertEqual(warm_start.request_of(python)["factory"], "python")
        self.assertEqual(warm_start.request_of(python)["module"], __name__)

    def test_a_warm_env_that_would_change_the_cache_or_the_log_is_refused_before_torch(self):
        f = lambda x: x  # noqa: E731
        cases = [({"TORCHINDUCTOR_CACHE_DIR": "/tmp/x"},
                  "warm_env: TORCHINDUCTOR_CACHE_DIR cannot be changed: the warm process must reuse the first "
                  "process's cache folders (the warm start measures those caches)"),
                 ({"OMP_NUM_THREADS": "2", "TRITON_CACHE_DIR": ""},
                  "warm_env: TRITON_CACHE_DIR cannot be changed: the warm process must reuse the first "
                  "process's cache folders (the warm start measures those caches)"),
                 ({"TORCH_TRACE": "/tmp/t"},
                  "warm_env: TORCH_TRACE cannot be changed: the warm process's log is written to $TORCH_TRACE/warm/"),
                 ({"A=B": "1"}, "warm_env: 'A=B' is not an environment variable name (a non-empty string without '=')"),
                 ({"": "1"}, "warm_env: '' is not an environment variable name (a non-empty string without '=')"),
                 ({"OMP_NUM_THREADS": 2}, "warm_env: the value of OMP_NUM_THREADS must be a string, found 2"),
                 ([("OMP_NUM_THREADS", "2")], "warm_env must be a mapping of environment variable names to values, "
                                              "found [('OMP_NUM_THREADS', '2')]")]
        for env, message in cases:
            with self.subTest(env=env), self.assertRaises(ValueError) as caught:
                crc.capture(f, warmup=[(1,)], warm_start="mymodels:inputs", warm_env=env)
            self.assertEqual(str(caught.exception), message)
        with self.assertRaises(ValueError) as caught:
            crc.capture(f, warmup=[(1,)], warm_env={"OMP_NUM_THREADS": "2"})
        self.assertEqual(str(caught.exception), "warm_env is a change for the warm process: give warm_start too")

    def test_a_bad_warm_env_on_the_command_line_writes_nothing(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "t.json")
            with open(os.path.join(d, "plain.py"), "w", encoding="utf-8") as f:     # a model module without torch
                f.write("def f(x):\n    return x\n\n\ndef capture_inputs():\n    return {'warmup': [(1,)]}\n")
            base = ["-m", "compile_receipt_capture", "--module", os.path.join(d, "plain.py"), "--baseline", "f",
                    "--out", out]
            for extra, message in [
                    (["--warm-start", "--warm-env", "TORCH_TRACE=/tmp/t"],
                     "error: warm_env: TORCH_TRACE cannot be changed: the warm process's log is written to "
                     "$TORCH_TRACE/warm/"),
                    (["--warm-start", "--warm-env", "OMP_NUM_THREADS=2", "--warm-env", "TORCHINDUCTOR_CACHE_DIR=/c"],
                     "error: warm_env: TORCHINDUCTOR_CACHE_DIR cannot be changed: the warm process must reuse the "
                     "first process's cache folders (the warm start measures those caches)"),
                    (["--warm-start", "--warm-env", "OMP_NUM_THREADS"], "error: --warm-env 'OMP_NUM_THREADS': give NAME=VALUE"),
                    (["--warm-env", "OMP_NUM_THREADS=2"],
                     "error: --warm-env changes the warm process: give --warm-start too")]:
                with self.subTest(extra=extra):
                    proc = python(*base, *extra)
                    self.assertEqual(proc.returncode, 2, proc.stdout)
                    self.assertEqual(proc.stdout.splitlines()[-1], f"python3 -m compile_receipt_capture: {message}")
                    self.assertFalse(os.path.exists(out))

    def test_repeat_runs_fresh_processes_and_stops_at_the_first_failure(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "t.json")
            with open(os.path.join(d, "failing.py"), "w", encoding="utf-8") as f:   # each run's process exits 3 on import
                f.write("import os\nprint('cache', os.environ['TORCHINDUCTOR_CACHE_DIR'])\nraise SystemExit(3)\n")
            base = ["-m", "compile_receipt_capture", "--module", os.path.join(d, "failing.py"), "--baseline", "f"]
            proc = python(*base, "--out", out, "--repeat", "4")
            self.assertEqual(proc.returncode, 3, proc.stdout)
            lines = proc.stdout.splitlines()
            self.assertEqual((lines[0], lines[2]), ("run 1 of 4:", "compile_receipt_capture: --repeat: run 1 of 4 exited with 3"))
            self.assertTrue(lines[1].startswith("cache /") and "compile-receipt-repeat-" in lines[1], lines[1])
            self.assertEqual(len(lines), 3, proc.stdout)
            for bad in ("0", "101"):
                proc = python(*base, "--out", out, f"--repeat={bad}")
                self.assertEqual((proc.returncode, proc.stdout.splitlines()[-1]),
                                 (2, f"python3 -m compile_receipt_capture: error: --repeat must be between 1 and 100, "
                                     f"found {bad}"))
            self.assertEqual(os.listdir(d), ["failing.py"])

    def test_repeat_rewrites_out_and_profile_out(self):
        from compile_receipt_capture import cli
        self.assertEqual(cli._without(["--module", "m.py", "--out", "a.json", "--repeat=5", "--profile-out", "p.json",
                                       "--outline", "--repeat", "2"], {"--repeat", "--out", "--profile-out"}),
                         ["--module", "m.py", "--outline"])
        self.assertEqual((cli.repeat_path("x/y.json", 5), cli.repeat_path("x/y.trace", 2)), ("x/y.5.json", "x/y.trace.2"))

    def test_warm_env_arguments(self):
        from compile_receipt_capture import warm_start
        self.assertEqual(warm_start.warm_env_arg("A=1=2"), ("A", "1=2"))
        self.assertEqual(warm_start.warm_env_arg("A="), ("A", ""))
        self.assertEqual(warm_start.warm_env_of({"OMP_NUM_THREADS": "2", "X": ""}), {"OMP_NUM_THREADS": "2", "X": ""})
        self.assertEqual(warm_start.REFUSED_WARM_ENV, ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR", "TORCH_TRACE"))
        with self.assertRaises(ValueError) as caught:
            warm_start.warm_env_arg("=1")
        self.assertEqual(str(caught.exception), "--warm-env '=1': give NAME=VALUE")

    def test_the_warm_start_cache_folders_are_fresh_and_put_back(self):
        from compile_receipt_capture import warm_start
        saved = {k: os.environ.get(k) for k in warm_start.CACHE_VARIABLES}
        try:
            os.environ["TORCHINDUCTOR_CACHE_DIR"] = "/users/own"
            os.environ.pop("TRITON_CACHE_DIR", None)
            with warm_start.cache_folders(True) as folders:
                self.assertEqual(sorted(folders), ["TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR"])
                root = os.path.dirname(folders["TORCHINDUCTOR_CACHE_DIR"])
                self.assertEqual((os.listdir(root), os.environ["TRITON_CACHE_DIR"]),
                                 ([], os.path.join(root, "triton")))
            self.assertEqual((os.environ["TORCHINDUCTOR_CACHE_DIR"], "TRITON_CACHE_DIR" in os.environ, os.path.exists(root)),
                             ("/users/own", False, False))
            with warm_start.cache_folders(False) as folders:
                self.assertIsNone(folders)
        finally:
            for k, v in saved.items():
                os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)

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
