"""The output check against eager (compile_receipt_capture.output_check) on what PyTorch models
return. The NumPy and tensor cases run where NumPy or torch is installed (the chroots have both);
the rest with any python3.

    python3 -m unittest test_output_check          (from capture/tests)
"""

import collections
import dataclasses
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

from compile_receipt_capture.output_check import check, snapshot  # noqa: E402

HAS_NUMPY = importlib.util.find_spec("numpy") is not None
HAS_TORCH = importlib.util.find_spec("torch") is not None
INF, NAN = float("inf"), float("nan")


class _Mask:
    """What NumPy's == answers for arrays: element-wise, with no truth value of its own."""

    def __init__(self, values):
        self.values = values

    def __bool__(self):
        raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")

    def all(self):
        return all(self.values)


class _ArrayLike:
    def __init__(self, *values):
        self.values = values

    def __eq__(self, other):
        return _Mask([a == b for a, b in zip(self.values, other.values)])


@dataclasses.dataclass
class _Output:
    logits: object
    loss: object


class _ModelOutput(dict):
    """Like transformers' ModelOutput: a dict that also has to_tuple()."""

    def to_tuple(self):
        return tuple(self.values())


class ScalarsAndContainersTest(unittest.TestCase):
    def test_python_numbers(self):
        self.assertEqual(check(1.0, 1.0005, 1e-3, 0), {"ok": True, "max_abs_err": 0.0005})
        self.assertEqual(check(1.0, 1.01, 1e-3, 0), {"ok": False, "max_abs_err": 0.01})
        self.assertEqual(check(100.0, 100.05, 0, 1e-3), {"ok": True, "max_abs_err": 0.05})      # rtol * |eager|
        self.assertEqual(check(3, 3, 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(3, 3.0, 0, 0), {"ok": True, "max_abs_err": 0.0})                  # int against float
        self.assertEqual(check(1 + 1j, 1 + 1.0005j, 1e-3, 0), {"ok": True, "max_abs_err": 0.0005})
        self.assertEqual(check(1.0, 1.00004, 0, 0), {"ok": False, "max_abs_err": 0.0})          # 4 decimals

    def test_nan_and_infinity_as_for_tensors(self):
        self.assertEqual(check(NAN, NAN, 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(NAN, 1.0, 1, 1), {"ok": False})
        self.assertEqual(check(INF, INF, 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(INF, -INF, 1, 1), {"ok": False})
        self.assertEqual(check(INF, 1.0, 1, 1), {"ok": False})

    def test_none_strings_bools(self):
        self.assertEqual(check(None, None, 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(None, 0.0, 1, 1), {"ok": False})
        self.assertEqual(check("relu", "relu", 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check("relu", "gelu", 0, 0), {"ok": False, "max_abs_err": 0.0})
        self.assertEqual(check(True, True, 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(True, False, 1, 1), {"ok": False, "max_abs_err": 0.0})      # a bool is no number
        self.assertEqual(check(True, 1, 1, 1), {"ok": False})

    def test_nested_containers(self):
        Pair = collections.namedtuple("Pair", "a b")
        out = {"pair": Pair(1.0, [2.0, (3.0, None)]), "name": "x"}
        ref = {"pair": Pair(1.0002, [2.0, (2.9995, None)]), "name": "x"}
        self.assertEqual(check(out, ref, 1e-3, 0), {"ok": True, "max_abs_err": 0.0005})
        self.assertEqual(check([1.0, 2.0], [1.0, 2.0, 3.0], 1, 1), {"ok": False})          # a length, no error size
        self.assertEqual(check({"a": 1.0}, {"b": 1.0}, 1, 1), {"ok": False})
        self.assertEqual(check((1.0,), [1.0], 0, 0), {"ok": True, "max_abs_err": 0.0})     # a tuple for a list is fine

    def test_dataclass_like_containers(self):
        self.assertEqual(check(_Output(1.0, 0.5), _Output(1.0, 0.5002), 1e-3, 0), {"ok": True, "max_abs_err": 0.0002})
        self.assertEqual(check(_Output(1.0, 0.5), _Output(1.0, 0.6), 1e-3, 0), {"ok": False, "max_abs_err": 0.1})
        out = _ModelOutput(logits=2.0, loss=0.25)
        self.assertEqual(check(out, _ModelOutput(logits=2.0, loss=0.2502), 1e-3, 0), {"ok": True, "max_abs_err": 0.0002})

    def test_element_wise_equality_has_no_truth_value(self):
        # the crash of issue #29: `ok and out == ref` asked an array's == result for one bool
        self.assertEqual(check(_ArrayLike(1, 2), _ArrayLike(1, 2), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(_ArrayLike(1, 2), _ArrayLike(1, 3), 0, 0), {"ok": False, "max_abs_err": 0.0})
        self.assertEqual(check((_ArrayLike(1), 1.0), (_ArrayLike(1), 1.5), 1, 0), {"ok": True, "max_abs_err": 0.5})

    def test_snapshot_copies_containers(self):
        ref = {"a": [1.0, 2.0]}
        copy = snapshot(ref)
        ref["a"].append(3.0)
        self.assertEqual(copy, {"a": [1.0, 2.0]})


@unittest.skipUnless(HAS_NUMPY, "NumPy is not installed here (the chroots have it)")
class NumpyTest(unittest.TestCase):
    def test_arrays(self):
        import numpy as np
        a = np.array([1.0, 2.0, 3.0], dtype=np.float32)
        self.assertEqual(check(a, a.copy(), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(a, np.array([1.0, 2.0, 3.5]), 1e-3, 0), {"ok": False, "max_abs_err": 0.5})
        self.assertEqual(check(a, np.array([1.0, 2.0, 3.0005]), 1e-3, 0), {"ok": True, "max_abs_err": 0.0005})
        self.assertEqual(check(a, a[:2], 1, 1), {"ok": False})                                  # shapes differ
        self.assertEqual(check(np.array([NAN, 1.0]), np.array([NAN, 1.0]), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(np.array([NAN, 1.0]), np.array([1.0, NAN]), 1, 1), {"ok": False})
        self.assertEqual(check(np.array([INF, 1.0]), np.array([INF, 1.0]), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(np.array([INF]), np.array([1.0]), 1, 1), {"ok": False})
        self.assertEqual(check(np.array([1, 2]), np.array([1, 4]), 0, 0), {"ok": False, "max_abs_err": 2.0})
        self.assertEqual(check(np.array([True]), np.array([True]), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(np.array([1 + 1j]), np.array([1 + 1.5j]), 1, 0), {"ok": True, "max_abs_err": 0.5})
        self.assertEqual(check(np.zeros((0, 3)), np.zeros((0, 3)), 0, 0), {"ok": True, "max_abs_err": 0.0})

    def test_arrays_of_other_kinds_and_scalars(self):
        import numpy as np
        self.assertEqual(check(np.array(["a", "b"]), np.array(["a", "b"]), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(np.array(["a", "b"]), np.array(["a", "c"]), 0, 0), {"ok": False})
        self.assertEqual(check(np.float32(0.5), np.float32(0.5), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(np.int64(2), 3, 0, 0), {"ok": False, "max_abs_err": 1.0})
        self.assertEqual(check({"x": np.ones(2), "n": 2}, {"x": np.ones(2) * 1.0002, "n": 2}, 1e-3, 0),
                         {"ok": True, "max_abs_err": 0.0002})


@unittest.skipUnless(HAS_TORCH, "torch is not installed here (the chroots have it)")
class TensorTest(unittest.TestCase):
    def test_tensors(self):
        import torch
        x = torch.tensor([1.0, 2.0, 3.0])
        self.assertEqual(check(x, x.clone(), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(x, torch.tensor([1.0, 2.0, 3.5]), 1e-3, 0), {"ok": False, "max_abs_err": 0.5})
        self.assertEqual(check(x, x[:2], 1, 1), {"ok": False})
        self.assertEqual(check(torch.tensor([NAN, 1.0]), torch.tensor([NAN, 1.0]), 0, 0), {"ok": True, "max_abs_err": 0.0})
        self.assertEqual(check(torch.tensor([INF]), torch.tensor([1.0]), 1, 1), {"ok": False})
        self.assertEqual(check(x.to(torch.bfloat16), x.to(torch.bfloat16), 0, 0), {"ok": True, "max_abs_err": 0.0})

    def test_tensor_against_array_is_a_difference(self):
        import torch
        if not HAS_NUMPY:
            self.skipTest("no NumPy")
        x = torch.tensor([1.0, 2.0])
        self.assertEqual(check(x.numpy(), x, 1, 1), {"ok": False})
        self.assertEqual(check((x, x.numpy(), x.sum().item()), (x, x.numpy(), 3.0), 0, 0), {"ok": True, "max_abs_err": 0.0})

    def test_snapshot_detaches_tensors(self):
        import torch
        x = torch.ones(2)
        copy = snapshot({"x": x})
        x.add_(1)
        self.assertEqual(copy["x"].tolist(), [1.0, 1.0])


if __name__ == "__main__":
    unittest.main()
