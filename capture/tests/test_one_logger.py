"""Issue #41's captures against real PyTorch: the graph-break scenario (a break on every call, and a
recompile of both frames on the first changed shape) run again in two fresh processes, each with one
TORCH_LOGS logger alone: TORCH_LOGS=graph_breaks, then TORCH_LOGS=recompiles. Each writes
OUT/logger-<logger>/: graph-break.json, graph-break-torch-trace/ (its TORCH_TRACE log, with both
loggers' records), graph-break.profile.json and graph-break-torch-logs.txt (its stderr: the text).

The test holds each text to the TORCH_TRACE log of its own process: the logger's lines are all there
(the same compile ids and sites), the other logger's are absent although the log shows that the
process broke and recompiled. capture/check-one-logger.py then reads each text with the Java side,
and capture/check-pairs.py joins files of the two processes (one's profile with the other's log),
which must be refused. The folders sit below OUT, so the checks of every capture (steps 4 to 7 of
test-with-real-torch.sh) do not read them.

    python3 -m unittest -v test_one_logger          (from capture/tests, with torch installed)
"""

import glob
import os
import shutil
import subprocess
import sys
import time
import unittest

from test_real_torch import _BREAK_AT, _RUN_MARKER, _TEXT_LINE, HERE, OUT, read_torch_trace

SCENARIO = "graph-break"
LOGGERS = ("graph_breaks", "recompiles")


def capture_with_logger(logger):
    """Runs SCENARIO in a fresh process with TORCH_LOGS=<logger> alone; returns (text path, log read)."""
    out = os.path.join(OUT, f"logger-{logger}")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    trace_dir = os.path.join(out, f"{SCENARIO}-torch-trace")
    env = dict(os.environ, TORCH_TRACE=trace_dir, TORCH_LOGS=logger)
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")    # 2 cores: no compile worker pool
    started = time.monotonic()
    proc = subprocess.run([sys.executable, os.path.join(HERE, "run_scenario.py"), SCENARIO, out], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    text = os.path.join(out, f"{SCENARIO}-torch-logs.txt")
    with open(os.path.join(out, f"{SCENARIO}.log"), "w", encoding="utf-8") as f:
        f.write(proc.stdout)
    with open(text, "w", encoding="utf-8") as f:
        f.write(proc.stderr)
    if proc.returncode != 0:
        raise AssertionError(f"{SCENARIO} with TORCH_LOGS={logger} failed ({proc.returncode}):\n"
                             f"{(proc.stdout + proc.stderr)[-4000:]}")
    print(f"\n[{SCENARIO}, TORCH_LOGS={logger}] captured in {time.monotonic() - started:.0f} s", file=sys.stderr)
    logs = glob.glob(os.path.join(trace_dir, "*.log"))
    if len(logs) != 1:
        raise AssertionError(f"expected one TORCH_TRACE log in {trace_dir}, found {logs}")
    return text, read_torch_trace(logs[0])


def text_lines(path):
    """The text's run markers, and its (compile id, channel, site or None) of every PyTorch message head."""
    runs, messages = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            marker = _RUN_MARKER.match(line)
            if marker:
                runs.append(marker.group(1))
                continue
            m = _TEXT_LINE.match(line)
            if m:
                cid, channel, message = m.groups()
                at = _BREAK_AT.match(message.strip())
                if at or message.startswith("Recompiling function"):
                    messages.append((cid, channel, f"{at.group(1)}:{at.group(2)}" if at else None))
    return runs, messages


class OneLoggerTest(unittest.TestCase):
    maxDiff = None

    def capture(self, logger):
        text, log = capture_with_logger(logger)
        runs, messages = text_lines(text)
        self.assertEqual(runs, ["baseline", "candidate"], f"{text}: the helper's compile_receipt_run lines")
        breaks = sorted((cid, b["site"]) for call in log.values() for cid, bs in call["breaks"].items() for b in bs)
        recompiles = sorted(cid for call in log.values() for cid in call["recompile_reasons"])
        # what the text must lack is there to lack: the process broke and recompiled
        self.assertTrue(breaks and recompiles, f"{SCENARIO}: breaks {breaks}, recompiles {recompiles} in its log")
        return text, messages, breaks, recompiles

    def test_graph_breaks_alone(self):
        text, messages, breaks, _ = self.capture("graph_breaks")
        self.assertEqual({channel for _, channel, _ in messages}, {"__graph_breaks"}, text)
        self.assertEqual(sorted((cid, site) for cid, _, site in messages), breaks, f"{text} vs its TORCH_TRACE log")

    def test_recompiles_alone(self):
        text, messages, _, recompiles = self.capture("recompiles")
        self.assertEqual({channel for _, channel, _ in messages}, {"__recompiles"}, text)
        self.assertEqual(sorted(cid for cid, _, _ in messages), recompiles, f"{text} vs its TORCH_TRACE log")


if __name__ == "__main__":
    unittest.main()
