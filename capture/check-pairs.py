#!/usr/bin/env python3
"""Checks, on the captures of this run, that two files of different processes or models are never joined
into one receipt (issue #41): each pair below is refused (exit 2) with a message naming the fact that
differs, and the same file with its own partner is read (exit 0), so the refusal is the pair's.

- a profile and the TORCH_TRACE log of another process: the graph-break scenario's two one-logger
  captures (test_one_logger: OUT/logger-graph_breaks/, OUT/logger-recompiles/), one's baseline profile
  with the other's log; the message names both pids (read here from the profile's events and the
  log's glog prefix);
- a warm pair of two models: print-bridge's cold log (OUT/print-bridge-torch-trace/) with int-spec's
  warm log (OUT/int-spec-torch-trace/warm/); the message names every frame (co_name) that one log
  compiled and the other did not (read here from both logs' compilation_metrics).

One line per pair.

    capture/check-pairs.py OUT_DIR AUDIT_COMMAND...     (e.g. OUT_DIR ./receipt)
"""

import glob
import json
import os
import re
import subprocess
import sys

CALL_SPAN = "compile_receipt_call"
_GLOG_PID = re.compile(r"^(?:\[rank\d+\]:)?[A-Z]\d{4} \d\d:\d\d:\d\d\.\d+ +(\d+) ")
_METRICS = re.compile(r"^[A-Z]\d{4} [^\]]*\] (\{\"compilation_metrics\".*\})\s*$")


def one(pattern):
    found = glob.glob(pattern)
    return found[0] if len(found) == 1 else None


def log_pid(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = _GLOG_PID.match(line)
            if m:
                return int(m.group(1))
    return None


def profile_pid(path):
    with open(path, encoding="utf-8") as f:
        return next(e["pid"] for e in json.load(f)["traceEvents"] if isinstance(e.get("pid"), int))


def frames(path):
    """The co_name of every frame the log compiled."""
    names = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = _METRICS.match(line)
            if m:
                name = json.loads(m.group(1))["compilation_metrics"].get("co_name")
                if isinstance(name, str):
                    names.add(name)
    return names


def audit_status(audit, source, options):
    proc = subprocess.run(audit + ["audit", source, *options, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    return proc.returncode, " ".join(proc.stderr.split())


def shown(message, out):
    """The message with OUT_DIR/ cut from its paths, for a line that fits a CI log."""
    return message.replace(os.path.abspath(out) + os.sep, "").replace(out.rstrip(os.sep) + os.sep, "")


def pair(what, audit, source, own, other, named, out):
    """Refused with OTHER (exit 2, every string of NAMED in the message), read with OWN (exit 0): failures, line."""
    status, message = audit_status(audit, source, other)
    own_status, own_message = audit_status(audit, source, own)
    failures = []
    if status != 2:
        failures.append(f"{what}: exit {status}, expected 2 (refused): {message[:500]}")
    missing = [n for n in named if not re.search(rf"(?<!\w){re.escape(str(n))}(?!\w)", message)]
    if missing:
        failures.append(f"{what}: the refusal does not name {missing}: {message[:500]}")
    if own_status != 0:
        failures.append(f"{what}: with its own partner exit {own_status}, expected 0: {own_message[:500]}")
    verdict = "refused (exit 2)" if not failures else "WRONG"
    return failures, f"{what}: {verdict}, naming {', '.join(map(str, named))}; with its own partner exit {own_status}: {shown(message, out)}"


def profile_of_another_process(out, audit):
    profile = os.path.join(out, "logger-graph_breaks", "graph-break.profile.json")
    own = one(os.path.join(out, "logger-graph_breaks", "graph-break-torch-trace", "*.log"))
    other = one(os.path.join(out, "logger-recompiles", "graph-break-torch-trace", "*.log"))
    if not (os.path.exists(profile) and own and other):
        return [f"profile + another process's log: missing {profile} or one log in each logger-*/ (test_one_logger)"], None
    pids = [profile_pid(profile), log_pid(other)]
    if pids[0] == pids[1] or None in pids:
        return [f"profile + another process's log: pids {pids} are not two processes"], None
    options = ["--call-span", CALL_SPAN, "--run", "baseline"]
    return pair("profile + another process's log (graph-break, two runs)", audit, profile,
                ["--log", own, *options], ["--log", other, *options], pids, out)


def warm_pair_of_two_models(out, audit):
    cold = one(os.path.join(out, "print-bridge-torch-trace", "*.log"))
    own = one(os.path.join(out, "print-bridge-torch-trace", "warm", "*.log"))
    other = one(os.path.join(out, "int-spec-torch-trace", "warm", "*.log"))
    if not (cold and own and other):
        return ["warm pair of two models: missing a log of print-bridge-torch-trace/, its warm/ or int-spec-torch-trace/warm/"
                " (test_17 and test_18 of test_real_torch)"], None
    differing = sorted(frames(cold) ^ frames(other))
    if not differing:
        return [f"warm pair of two models: {cold} and {other} compiled the same frames"], None
    return pair("warm pair of two models (print-bridge cold, int-spec warm)", audit, cold,
                ["--warm", own], ["--warm", other], differing, out)


def main(out, audit):
    failures = []
    for check in (profile_of_another_process, warm_pair_of_two_models):
        found, line = check(out, audit)
        if line:
            print(line)
        failures += found
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        raise SystemExit("usage: check-pairs.py OUT_DIR AUDIT_COMMAND...")
    sys.exit(main(sys.argv[1], sys.argv[2:]))
