"""The run marker the capture helper logs into a TORCH_LOGS text as each run starts
(compile_receipt_capture.structured_log.run_marker_logger), with a stand-in for torch._logging:
no torch needed. The Java text reader splits the text at exactly this message.

    python3 -m unittest test_run_marker          (from capture/tests)
"""

import logging
import os
import sys
import types
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))

from compile_receipt_capture import structured_log  # noqa: E402


class Kept(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.records = []

    def emit(self, record):
        self.records.append(record)


class RunMarkerTest(unittest.TestCase):

    def test_without_torch_logs_there_is_no_marker(self):
        with mock.patch.dict(os.environ, {}, clear=True):
            self.assertIsNone(structured_log.run_marker_logger())

    def test_the_marker_is_an_info_record_of_the_helpers_logger_under_torch_dynamo(self):
        fake = {"torch": types.ModuleType("torch"), "torch._logging": types.ModuleType("torch._logging")}
        log = logging.getLogger("torch._dynamo.compile_receipt")
        kept = Kept()
        log.addHandler(kept)
        # PyTorch's logging leaves torch._dynamo at WARNING under TORCH_LOGS=graph_breaks,recompiles
        dynamo = logging.getLogger("torch._dynamo")
        old_level, old_propagate = dynamo.level, log.propagate
        dynamo.setLevel(logging.WARNING)
        log.propagate = False
        try:
            with mock.patch.dict(os.environ, {"TORCH_LOGS": "graph_breaks,recompiles"}), mock.patch.dict(sys.modules, fake):
                mark = structured_log.run_marker_logger()
                mark("baseline")
                mark("candidate")
        finally:
            log.removeHandler(kept)
            dynamo.setLevel(old_level)
            log.propagate = old_propagate
        self.assertEqual([(r.name, r.levelname, r.getMessage()) for r in kept.records],
                         [("torch._dynamo.compile_receipt", "INFO", "compile_receipt_run baseline"),
                          ("torch._dynamo.compile_receipt", "INFO", "compile_receipt_run candidate")])


if __name__ == "__main__":
    unittest.main()
