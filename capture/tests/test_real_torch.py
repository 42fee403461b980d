"""The capture helper against real PyTorch: four small scenarios, each in a fresh process with
TORCH_TRACE set. Each writes OUT/<scenario>.json and OUT/<scenario>-torch-trace/; the test then
holds the trace against PyTorch's own counters (torch._dynamo.utils.counters) and against the
TORCH_TRACE log of the same process, and prints the figures side by side.

    python3 -m unittest -v test_real_torch          (from capture/tests, with torch installed)

OUT is $COMPILE_RECEIPT_OUT, else capture/out. With COMPILE_RECEIPT_TORCH_LOGS=1 every scenario also
runs with TORCH_LOGS=graph_breaks,recompiles,recompiles_verbose and its stderr is kept as
OUT/<scenario>-torch-logs.txt (and held against the TORCH_TRACE log). capture/test-with-real-torch.sh
runs this in a Debian chroot with Debian's python3-torch: trixie (2.6) or sid (2.14).
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unittest
from decimal import Decimal

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import receipt_audit  # noqa: E402  (capture/receipt_audit.py, shared with the check scripts)

HERE = os.path.dirname(os.path.abspath(__file__))
CAPTURE = os.path.dirname(HERE)
OUT = os.environ.get("COMPILE_RECEIPT_OUT", os.path.join(CAPTURE, "out"))
# COMPILE_RECEIPT_TORCH_LOGS=1: also TORCH_LOGS text in the same process, OUT/<scenario>-torch-logs.txt
WITH_TORCH_LOGS = os.environ.get("COMPILE_RECEIPT_TORCH_LOGS", "") not in ("", "0")
TORCH_LOGS = "graph_breaks,recompiles,recompiles_verbose"
ROWS = []           # the side-by-side table, printed at the end
TORCH_SEEN = set()  # torch.__version__ of the captures


def scenario_line(pattern):
    """The line number of the first line of scenarios.py that contains ``pattern``."""
    with open(os.path.join(HERE, "scenarios.py"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if pattern in line:
                return n
    raise AssertionError(pattern)


def layer_line(pattern):
    """The line number of the first line of mymodel/layers.py that contains ``pattern``."""
    with open(os.path.join(HERE, "mymodel", "layers.py"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if pattern in line:
                return n
    raise AssertionError(pattern)


def read_warm(name):
    """The warm process of a warm-start scenario: (its counters per run, its TORCH_TRACE log read)."""
    with open(os.path.join(OUT, f"{name}.counters.json"), encoding="utf-8") as f:
        warm_counters = json.load(f)["warm_counters"]
    logs = glob.glob(os.path.join(OUT, f"{name}-torch-trace", "warm", "*.log"))
    if len(logs) != 1:
        raise AssertionError(f"expected one warm TORCH_TRACE log in {OUT}/{name}-torch-trace/warm, found {logs}")
    return warm_counters, read_torch_trace(logs[0])


def run_scenario(name, torch_logs=WITH_TORCH_LOGS):
    """Runs the scenario in a fresh process; returns (trace, counters, torch-trace records).
    ``torch_logs=False``: no TORCH_LOGS text even with COMPILE_RECEIPT_TORCH_LOGS=1 (a warm start's
    second process writes to the same stderr, which the check of the text against the log would
    count as the first's)."""
    os.makedirs(OUT, exist_ok=True)
    trace_dir = os.path.join(OUT, f"{name}-torch-trace")
    text_log = os.path.join(OUT, f"{name}-torch-logs.txt")
    shutil.rmtree(trace_dir, ignore_errors=True)
    for stale in (f"{name}.json", f"{name}.counters.json", f"{name}-torch-logs.txt", f"{name}.profile.json",
                  f"{name}.profile-candidate.json"):
        if os.path.exists(os.path.join(OUT, stale)):
            os.remove(os.path.join(OUT, stale))
    env = dict(os.environ, TORCH_TRACE=trace_dir)
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")    # 2 cores: no compile worker pool
    if torch_logs:
        env["TORCH_LOGS"] = TORCH_LOGS
    started = time.monotonic()
    proc = subprocess.run([sys.executable, os.path.join(HERE, "run_scenario.py"), name, OUT], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE if torch_logs else subprocess.STDOUT,
                          text=True)
    with open(os.path.join(OUT, f"{name}.log"), "w", encoding="utf-8") as f:
        f.write(proc.stdout)
    if torch_logs:     # the TORCH_LOGS text, as a CI log holds it (stderr, other lines interleaved)
        with open(text_log, "w", encoding="utf-8") as f:
            f.write(proc.stderr)
    if proc.returncode != 0:
        output = proc.stdout + (proc.stderr or "")
        raise AssertionError(f"scenario {name} failed ({proc.returncode}); its output:\n{output[-4000:]}")
    print(f"\n[{name}] captured in {time.monotonic() - started:.0f} s", file=sys.stderr)
    with open(os.path.join(OUT, f"{name}.json"), encoding="utf-8") as f:
        trace = json.load(f)
    with open(os.path.join(OUT, f"{name}.counters.json"), encoding="utf-8") as f:
        counters = json.load(f)["counters"]
    logs = glob.glob(os.path.join(trace_dir, "*.log"))
    if len(logs) != 1:
        raise AssertionError(f"expected one TORCH_TRACE log in {trace_dir}, found {logs}")
    log = read_torch_trace(logs[0])
    if torch_logs:
        check_torch_logs_text(text_log, log)
        check_torch_logs_runs(text_log, log)
    check_profiles(name, trace)
    return trace, counters, log


def check_profiles(name, trace):
    """Each run's torch.profiler trace (--profile-out) beside the trace: one compile_receipt_call span per
    call of the run, and in each the compiled regions that call's events name, in order (check-profile.py
    then holds the Java reading of the profile against the trace's receipt)."""
    for run in trace["runs"]:
        suffix = "" if run["label"] == "baseline" else "-" + run["label"]
        with open(os.path.join(OUT, f"{name}.profile{suffix}.json"), encoding="utf-8") as f:
            events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "X"]
        calls = sorted((e for e in events if e["name"] == "compile_receipt_call"), key=lambda e: e["ts"])
        if len(calls) != len(run["calls"]):
            raise AssertionError(f"{name} {run['label']}: {len(calls)} call spans in its profile, {len(run['calls'])} calls")
        for span, call in zip(calls, run["calls"]):
            inside = sorted((e for e in events if e["name"].startswith("Torch-Compiled Region: ")
                             and span["ts"] <= e["ts"] and e["ts"] + e["dur"] <= span["ts"] + span["dur"]),
                            key=lambda e: (e["ts"], -e["dur"]))
            ran = [e["name"].split(": ", 1)[1] for e in inside]
            named = [e["graph"] for e in call["events"] if e["kind"] == "region" and e["ms"] > 0 or
                     e["kind"] == "region" and e["cache"] == "hit"]
            if [g for g in ran if g in named] != named:
                raise AssertionError(f"{name} {run['label']} {call['id']}: the profile runs {ran}, the trace names {named}")


_TEXT_LINE = re.compile(r"^(?:\[rank\d+\]:)?[A-Z]\d{4} [^\]]*\] \[(\d+/\d+)(?:_\d+)?\] \[(__\w+)\] (.*)$")


def check_torch_logs_text(path, log):
    """The TORCH_LOGS text of a scenario against the TORCH_TRACE log of the same process: one
    graph-break message per dynamo_graph_break_reason artifact (same compile ids and sites), one
    "Recompiling function" message per recompile_reasons artifact."""
    breaks, recompiles = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = _TEXT_LINE.match(line.rstrip("\n"))
            if not m:
                continue
            cid, channel, message = m.groups()
            at = _BREAK_AT.match(message.strip())
            if channel == "__graph_breaks" and at:
                breaks.append((cid, f"{at.group(1)}:{at.group(2)}"))
            elif channel in ("__recompiles", "__recompiles_verbose") and message.startswith("Recompiling function"):
                recompiles.append(cid)
    logged_breaks = [(cid, b["site"]) for call in log.values() for cid, bs in call["breaks"].items() for b in bs]
    logged_recompiles = [cid for call in log.values() for cid in call["recompile_reasons"]]
    if sorted(breaks) != sorted(logged_breaks) or sorted(recompiles) != sorted(logged_recompiles):
        raise AssertionError(f"{path}: the TORCH_LOGS text and the TORCH_TRACE log differ: graph breaks "
                             f"{breaks} vs {logged_breaks}; recompiles {recompiles} vs {logged_recompiles}")


# The helper's run marker (structured_log.run_marker_logger): PyTorch's prefix at INFO, no compile id, no artifact.
_RUN_MARKER = re.compile(r"^(?:\[rank\d+\]:)?I\d{4} [^\]]*\] compile_receipt_run (\w+)$")


def check_torch_logs_runs(path, log):
    """The TORCH_LOGS text of a scenario holds one compile_receipt_run line per run, in the order of
    the TORCH_TRACE log's runs, each in PyTorch's own prefix; between one and the next, the text's
    graph breaks and recompiles are those the log's call markers put in that run."""
    runs, breaks, recompiles = [], {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            marker = _RUN_MARKER.match(line)
            if marker:
                runs.append(marker.group(1))
                continue
            m = _TEXT_LINE.match(line)
            if not m:
                continue
            if not runs:
                raise AssertionError(f"{path}: a PyTorch message before the first compile_receipt_run line: {line}")
            cid, channel, message = m.groups()
            at = _BREAK_AT.match(message.strip())
            if channel == "__graph_breaks" and at:
                breaks.setdefault(runs[-1], []).append((cid, f"{at.group(1)}:{at.group(2)}"))
            elif channel in ("__recompiles", "__recompiles_verbose") and message.startswith("Recompiling function"):
                recompiles.setdefault(runs[-1], []).append(cid)
    logged_runs = list(dict.fromkeys(run for run, _ in log))
    if runs != logged_runs:
        raise AssertionError(f"{path}: compile_receipt_run lines name runs {runs}, the TORCH_TRACE log has {logged_runs}")
    for run in runs:
        logged_breaks = [(cid, b["site"]) for (label, _), call in log.items() if label == run
                         for cid, bs in call["breaks"].items() for b in bs]
        logged_recompiles = [cid for (label, _), call in log.items() if label == run for cid in call["recompile_reasons"]]
        if sorted(breaks.get(run, [])) != sorted(logged_breaks) or sorted(recompiles.get(run, [])) != sorted(logged_recompiles):
            raise AssertionError(f"{path}: run {run} of the TORCH_LOGS text and of the TORCH_TRACE log differ: graph breaks "
                                 f"{breaks.get(run, [])} vs {logged_breaks}; recompiles {recompiles.get(run, [])} vs "
                                 f"{logged_recompiles}")


_ENVELOPE = re.compile(r"^[A-Z]\d{4} [^\]]*\] (\{.*\})\s*$")
_BREAK_AT = re.compile(r"^Graph break(?: \(.*?\))? in user code at (.+):(\d+)\s*$")
_GB_LINK = re.compile(r"/gb/(gb\d+)\.html", re.IGNORECASE)
NOT_COMPILES = ("compilation_metrics_runtime", "bwd_compilation_metrics")   # never a compile


def recompile_reasons(lines):
    """The guard failures of a recompile_reasons payload (section 7 of trace-format.md): a JSON
    list, or (2.14) a lone reason as bare text although the artifact says "encoding": "json";
    each reason trimmed."""
    text = "\n".join(lines).strip()
    try:
        value = json.loads(text)
    except ValueError:
        value = None
    reasons = value if isinstance(value, list) else [value] if isinstance(value, str) else [text]
    return [r.strip() for r in reasons if r.strip()]


def graph_break(lines):
    """{site, reason, user_frame, and on 2.8+ gb_id, explanation, hints} of a dynamo_graph_break_reason
    payload, read independently of the helper: the site as PyTorch logged it; the reason is the
    graph-break type (the last non-blank line before "  Explanation:", without a "Graph Break
    Reason: " prefix) where the message is structured, else the text after "Reason:"."""
    brk = {}
    for i, line in enumerate(lines):
        m = _BREAK_AT.match(line.strip())
        if m:
            brk["site"] = f"{m.group(1)}:{m.group(2)}"
            lines = lines[i + 1:]
            break
    else:
        raise AssertionError(f"a graph-break payload without a site: {lines[:3]}")
    end = next((i for i, line in enumerate(lines) if line.strip() == "User code traceback:"), len(lines))
    message = lines[:end]
    explanation = [i for i, line in enumerate(message) if line.startswith("  Explanation:")]
    if explanation:
        at = explanation[0]
        before = [line.strip() for line in message[:at] if line.strip()]
        brk["reason"] = before[-1].removeprefix("Graph Break Reason: ")
        brk["explanation"] = message[at].split("Explanation:", 1)[1].strip()
        hints = [line.split("Hint:", 1)[1].strip() for line in message[at:] if line.startswith("  Hint:")]
        if hints:
            brk["hints"] = hints
        link = _GB_LINK.search("\n".join(message))
        if link:
            brk["gb_id"] = link.group(1).upper()
    else:
        reason = [line for line in message if line.startswith("Reason:")]
        brk["reason"] = reason[0][len("Reason:"):].strip() if reason else None
    frames = []     # the user code traceback, outermost first, up to its first blank line
    for line in lines[end + 1:]:
        if not line.strip() or not line.startswith(" "):
            break
        m = re.match(r'\s+File "(.+)", line (\d+)', line)
        if m:
            frames.append(f"{m.group(1)}:{m.group(2)}")
    pytorch = lambda f: f.startswith("torch/") or any(t in f for t in ("/site-packages/torch/", "/dist-packages/torch/"))  # noqa: E731
    own = [f for f in frames if not pytorch(f.replace("\\", "/"))]
    if own:
        brk["user_frame"] = own[-1]
    return brk


def read_torch_trace(path):
    """Per call (run, id): the marker payloads and what the log records between them say, per
    compile id. Independent of the helper: reads the file PyTorch wrote, by the rules of section 7
    of trace-format.md (blank payload lines dropped; JSON artifacts may have no payload; a record
    without "attempt" is attempt 0; compilation_metrics_runtime and bwd_compilation_metrics are
    not compiles)."""
    records = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("\t"):
                if records and line[1:].strip():
                    records[-1][2].append(line[1:].rstrip("\n"))
                continue
            m = _ENVELOPE.match(line)
            if m:
                records.append((n, json.loads(m.group(1)), []))
    calls = {}
    current = None
    for n, envelope, payload in records:
        artifact = envelope.get("artifact") or {}
        if artifact.get("name") == "compile_receipt_call":
            marker = json.loads("\n".join(payload))
            key = (marker["run"], marker["id"])
            if marker["edge"] == "start":
                assert current is None, f"line {n}: marker {key} starts inside {current}"
                current = key
                calls[key] = {"start": marker, "end": None, "metrics": {}, "recompile_reasons": {},
                              "breaks": {}, "attempts": {}, "graphs": set(), "cache": {}, "cache_reasons": {}}
            else:
                assert current == key, f"line {n}: marker end {key} does not close {current}"
                calls[key]["end"] = marker
                current = None
            continue
        if current is None or "frame_id" not in envelope:
            continue
        cid = f"{envelope['frame_id']}/{envelope['frame_compile_id']}"
        call = calls[current]
        call["attempts"].setdefault(cid, set()).add(envelope.get("attempt", 0))
        if "compilation_metrics" in envelope:
            call["metrics"][cid] = envelope["compilation_metrics"]
        elif "dynamo_output_graph" in envelope:
            call["graphs"].add(cid)
        elif any(key in envelope for key in NOT_COMPILES):
            pass
        elif artifact.get("name") == "recompile_reasons":
            call["recompile_reasons"][cid] = recompile_reasons(payload)
        elif artifact.get("name") == "dynamo_graph_break_reason":
            call["breaks"].setdefault(cid, []).append(graph_break(payload))
        outcome = cache_outcome(envelope, payload)
        if outcome is not None:
            stage, state, reason = outcome
            call["cache"].setdefault(cid, {}).setdefault(stage, set()).add(state)
            if reason:
                call["cache_reasons"].setdefault(cid, []).append(f"{stage} {state}: {reason}")
    assert current is None, f"the log ends inside call {current}"
    return calls


_CACHE_ARTIFACT = re.compile(r"(fx_graph|aotautograd)_cache_(hit|miss|bypass)")
_CACHE_EVENT = re.compile(r"(fx_graph|autograd)_cache_(hit|miss|bypass)")


def cache_outcome(envelope, payload):
    """(stage, outcome, reason) of a cache-outcome record, read from PyTorch's sources of both
    releases: the artifacts fx_graph_cache_<o> and (2.14) aotautograd_cache_<o>, the chromium_event
    instant events fx_graph_cache_<o> / autograd_cache_<o> (2.6's only AOTAutograd outcome besides
    the cache_state of its aotautograd_cache_hash artifact); reason: the payload's cache_bypass_reason."""
    name, info = (envelope.get("artifact") or {}).get("name", ""), None
    try:
        info = json.loads("\n".join(payload)) if payload else None
    except ValueError:
        pass
    info = info if isinstance(info, dict) else {}
    m = _CACHE_ARTIFACT.fullmatch(name)
    if m:
        return ("fx_graph" if m.group(1) == "fx_graph" else "aotautograd"), m.group(2), info.get("cache_bypass_reason")
    if name == "aotautograd_cache_hash" and info.get("cache_state") in ("hit", "miss", "bypass"):
        return "aotautograd", info["cache_state"], info.get("cache_bypass_reason")
    if "chromium_event" in envelope and info.get("ph") == "i":
        m = _CACHE_EVENT.fullmatch(str(info.get("name", "")))
        if m:
            args = info.get("args") if isinstance(info.get("args"), dict) else {}
            return ("fx_graph" if m.group(1) == "fx_graph" else "aotautograd"), m.group(2), args.get("cache_bypass_reason")
    return None


def worst(outcomes):
    """A compile's outcome of one cache: miss if any lookup missed, else bypass, else hit."""
    return next(o for o in ("miss", "bypass", "hit") if o in outcomes)


def made_variant(metrics):
    """A compile made a variant: has_guarded_code, or in older logs without it, no fail_type."""
    if "has_guarded_code" in metrics:
        return bool(metrics["has_guarded_code"])
    return metrics.get("fail_type") is None


def torch_release(version):
    return tuple(int(part) for part in re.findall(r"\d+", version)[:2])


def figures(run):
    f = {"calls": len(run["calls"]), "compiles": 0, "hits": 0, "breaks": 0, "break_compiles": 0,
         "fallbacks": 0, "guard_failure_compiles": 0, "checks_ok": 0}
    for call in run["calls"]:
        events = call["events"]
        if call.get("check", {}).get("ok"):
            f["checks_ok"] += 1
        for i, e in enumerate(events):
            if e["kind"] == "region":
                if e["cache"] == "compile":
                    f["compiles"] += 1
                    if e.get("guard_failures"):
                        f["guard_failure_compiles"] += 1
                    following = [n["kind"] for n in events[i + 1:] if n["kind"] != "fallback"]
                    if following[:1] == ["break"]:      # its frame broke (a frame it gave up on aside)
                        f["break_compiles"] += 1
                else:
                    f["hits"] += 1
            elif e["kind"] == "break":
                f["breaks"] += 1
            else:
                f["fallbacks"] += 1
    return f


def torch_figures(counters):
    c = lambda group, key: counters.get(group, {}).get(key, 0)  # noqa: E731
    return {"unique_graphs": c("stats", "unique_graphs"),
            "graph_break": sum(counters.get("graph_break", {}).values()),
            "frames_failed": c("frames", "total") - c("frames", "ok"),
            "frames_total": c("frames", "total")}


def log_figures(log, label):
    """Compile ids between the markers of the run's calls: variants, graphless variants (no
    dynamo_output_graph: Dynamo guarded the frame and made no FX graph) and fallbacks."""
    variants = graphless = fallbacks = 0
    for (run, _), call in log.items():
        if run != label:
            continue
        for cid, m in call["metrics"].items():
            if made_variant(m):
                variants += 1
                graphless += cid not in call["graphs"]
            else:
                fallbacks += 1
        fallbacks += sum(1 for cid in call["recompile_reasons"] if cid not in call["metrics"])
    return {"log_variants": variants, "log_graphless": graphless, "log_fallbacks": fallbacks}


class RealTorchTest(unittest.TestCase):
    maxDiff = None

    def check_common(self, name, trace, counters, log, silent_skips=0):
        """What holds in every scenario: trace vs counters vs the TORCH_TRACE log. ``silent_skips``:
        baseline frames Dynamo gave up that PyTorch counts as ok (2.6 counts a frame skipped after a
        break in a loop among frames ok; its log says has_guarded_code false)."""
        self.assertEqual(trace["format"], "compile-trace/1")
        self.assertEqual(trace["fixture"]["name"], name)
        self.assertEqual([r["label"] for r in trace["runs"]], ["baseline", "candidate"])
        phases = [[c["phase"] for c in r["calls"]] for r in trace["runs"]]
        self.assertEqual(phases[0], phases[1], "both runs have the same calls per phase")
        for run in trace["runs"]:
            label = run["label"]
            mine, theirs, logged = figures(run), torch_figures(counters.get(label, {})), log_figures(log, label)
            ROWS.append((name, label, mine, theirs, logged))
            TORCH_SEEN.add(trace["fixture"]["torch"])
            # unique_graphs counts FX graphs; a compile region is a variant, with or without a graph
            self.assertEqual(mine["compiles"], theirs["unique_graphs"] + logged["log_graphless"],
                             f"{label}: compiles vs unique_graphs + graphless variants")
            self.assertEqual(mine["break_compiles"], theirs["graph_break"], f"{label}: compiles that broke vs graph_break")
            skipped = silent_skips if label == "baseline" else 0
            self.assertEqual(mine["fallbacks"], theirs["frames_failed"] + skipped, f"{label}: fallbacks vs frames total-ok")
            self.assertEqual(mine["compiles"], logged["log_variants"], f"{label}: compiles vs the TORCH_TRACE log")
            self.assertEqual(mine["fallbacks"], logged["log_fallbacks"], f"{label}: fallbacks vs the TORCH_TRACE log")
            # breaks: the same site (the path as PyTorch logged it), type and parts as the log's
            structured = torch_release(trace["fixture"]["torch"]) >= (2, 8)
            in_trace = {json.dumps({k: v for k, v in e.items() if k not in ("kind", "eager_ms")}, sort_keys=True)
                        for c in run["calls"] for e in c["events"] if e["kind"] == "break"}
            # a break whose compile made no variant gave up its frame: the trace has a fallback there, no island
            in_log = {json.dumps(b, sort_keys=True) for (r, _), c in log.items() if r == label
                      for cid, bs in c["breaks"].items() if cid not in c["metrics"] or made_variant(c["metrics"][cid])
                      for b in bs}
            self.assertEqual(in_trace, in_log, f"{label}: break sites and reasons vs the TORCH_TRACE log")
            for c in run["calls"]:
                for e in c["events"]:
                    if e["kind"] == "break":
                        for k in ("gb_id", "explanation"):
                            self.assertEqual(k in e, structured, f"{label} {c['id']}: {k} on torch {trace['fixture']['torch']}")
            for call in run["calls"]:
                key = (label, call["id"])
                self.assertIn(key, log, f"no markers for {key}")
                start, end = log[key]["start"], log[key]["end"]
                self.assertEqual(start, {"run": label, "id": call["id"], "phase": call["phase"],
                                         "family": call["family"], "edge": "start"})
                self.assertEqual(end, {"run": label, "id": call["id"], "phase": call["phase"], "edge": "end",
                                       "wall_ms": call["wall_ms"]})
                compiled = sorted(e["graph"] for e in call["events"] if e["kind"] == "region" and e["cache"] == "compile")
                logged_variants = sorted(cid for cid, m in log[key]["metrics"].items() if made_variant(m))
                self.assertEqual(compiled, logged_variants, f"{key}: compiled variants vs the log between its markers")
                for e in call["events"]:
                    if e.get("guard_failures"):
                        self.assertEqual(e["guard_failures"], log[key]["recompile_reasons"][e["graph"]])
                if call["phase"] != "eager" or label == "candidate":
                    self.assertTrue(call["check"]["ok"], f"{key}: output differs from eager: {call['check']}")
                    self.assertLessEqual(call["check"]["max_abs_err"], 1e-3)
                for e in call["events"]:
                    for k in ("ms", "eager_ms", "compile_ms"):
                        if k in e:
                            self.assertEqual(e[k], round(e[k], 4))
        self.assertEqual(len(log), sum(len(r["calls"]) for r in trace["runs"]), "one marker pair per call")
        return trace["runs"][0]["calls"], trace["runs"][1]["calls"]

    @staticmethod
    def kinds(call):
        return [(e["kind"], e.get("graph"), e.get("cache")) for e in call["events"]]

    def test_1_graph_break(self):
        trace, counters, log = run_scenario("graph-break")
        base, cand = self.check_common("graph-break", trace, counters, log)
        # the site is the path as PyTorch logged it: the file run_scenario.py imported
        site = "%s:%d" % (os.path.join(HERE, "scenarios.py"), scenario_line('print("between the two graphs"'))
        compiled_calls = [c for c in base if c["phase"] != "eager"]
        for call in compiled_calls:
            self.assertEqual([e["kind"] for e in call["events"]], ["region", "break", "region"], call["id"])
            brk = call["events"][1]
            self.assertEqual(brk["site"], site)
            if torch_release(trace["fixture"]["torch"]) >= (2, 8):    # structured graph-break messages
                self.assertEqual(brk["reason"], "Failed to trace builtin operator")
                self.assertEqual(brk["gb_id"], "GB0059")
                self.assertIn("`print`", brk["explanation"])
                self.assertTrue(brk["hints"] and all(isinstance(h, str) and h for h in brk["hints"]), brk["hints"])
            else:
                self.assertIn("print", brk["reason"])
                self.assertFalse({"gb_id", "explanation", "hints"} & set(brk), brk)
        self.assertEqual(self.kinds(base[2]), [("region", "0/0", "compile"), ("break", None, None), ("region", "1/0", "compile")])
        self.assertEqual(self.kinds(base[3]), [("region", "0/0", "hit"), ("break", None, None), ("region", "1/0", "hit")])
        # the first changed shape (16) recompiles both frames (automatic dynamic), later shapes hit
        self.assertEqual(self.kinds(base[6]), [("region", "0/1", "compile"), ("break", None, None), ("region", "1/1", "compile")])
        self.assertIn("size mismatch at index 0. expected 8, actual 16", base[6]["events"][0]["guard_failures"][0])
        self.assertEqual(self.kinds(base[7]), [("region", "0/1", "hit"), ("break", None, None), ("region", "1/1", "hit")])
        for call in cand:
            self.assertNotIn("break", [e["kind"] for e in call["events"]])
        self.assertEqual(self.kinds(cand[2]), [("region", "0/0", "compile")])
        self.assertEqual(self.kinds(cand[6]), [("region", "0/1", "compile")])

    def test_2_recompile_storm(self):
        trace, counters, log = run_scenario("recompile-storm")
        base, cand = self.check_common("recompile-storm", trace, counters, log)
        compiled = [c for c in base if c["phase"] in ("warmup", "steady")]
        for v, call in enumerate(compiled[:8]):      # n = 1..8: a new variant each (cache_size_limit 8)
            self.assertEqual(self.kinds(call), [("region", f"0/{v}", "compile")], call["id"])
            self.assertEqual(len(call["events"][0].get("guard_failures", [])), v)
        limit = compiled[8]["events"]                  # n = 9: the limit, the frame now runs eagerly
        self.assertEqual([(e["kind"], e["graph"]) for e in limit], [("fallback", "0/8")])
        self.assertIn("recompile limit", limit[0]["reason"])
        self.assertEqual(len(limit[0]["guard_failures"]), 8)
        for call in base[base.index(compiled[8]) + 1:]:
            self.assertEqual(call["events"], [], call["id"])
        # PyTorch counts the limit once: "cache_size_limit reached" (2.6), or (2.8+) under the whole
        # structured message of the graph-break type "Dynamo recompile limit exceeded"
        limits = {k: v for k, v in counters["baseline"].get("unimplemented", {}).items()
                  if k == "cache_size_limit reached" or k.startswith("Dynamo recompile limit exceeded")}
        self.assertEqual(list(limits.values()), [1], counters["baseline"].get("unimplemented"))
        if torch_release(trace["fixture"]["torch"]) >= (2, 8):
            self.assertEqual(limit[0]["reason"], "Unsupported: Dynamo recompile limit exceeded")
        self.assertEqual(self.kinds(cand[2]), [("region", "0/0", "compile")])
        for call in cand[3:]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit")], call["id"])

    def test_3_shape_change(self):
        trace, counters, log = run_scenario("shape-change")
        base, cand = self.check_common("shape-change", trace, counters, log)
        import scenarios
        self.assertEqual(trace["decision"], scenarios.DECISION)
        self.assertEqual(self.kinds(base[2]), [("region", "0/0", "compile")])
        for call in base[3:6]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit")])
        self.assertEqual(self.kinds(base[6]), [("region", "0/1", "compile")])
        self.assertIn("expected 4, actual 8", base[6]["events"][0]["guard_failures"][0])
        self.assertEqual([self.kinds(c) for c in base[7:]], [[("region", "0/1", "hit")]] * 2)
        self.assertEqual(self.kinds(cand[2]), [("region", "0/0", "compile")])
        for call in cand[3:]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit")], call["id"])

    def test_4_fallback(self):
        trace, counters, log = run_scenario("fallback")
        base, cand = self.check_common("fallback", trace, counters, log)
        warm = base[2]["events"]
        self.assertEqual([(e["kind"], e["graph"]) for e in warm], [("fallback", "0/0")])
        self.assertTrue(warm[0]["reason"].startswith("BackendCompilerFailed"), warm[0]["reason"])
        self.assertIn("always fails", warm[0]["reason"])
        for call in base:
            self.assertNotIn("region", [e["kind"] for e in call["events"]], call["id"])
        self.assertEqual(self.kinds(cand[2]), [("region", "0/0", "compile")])
        self.assertNotIn("fallback", [e["kind"] for c in cand for e in c["events"]])

    def test_6_break_kinds(self):
        trace, counters, log = run_scenario("break-kinds")
        base, cand = self.check_common("break-kinds", trace, counters, log)
        layers = os.path.join(HERE, "mymodel", "layers.py")
        own = ["%s:%d" % (layers, layer_line(p)) for p in (".item()", 'print("logged"', "graph_break()")]
        normal = "%s:%d" % (layers, layer_line("torch.distributions.Normal"))
        for call in base[1:]:        # warmup and steady: four islands between five regions
            self.assertEqual([e["kind"] for e in call["events"]], ["region", "break"] * 4 + ["region"], call["id"])
            breaks = [e for e in call["events"] if e["kind"] == "break"]
            self.assertEqual([b["site"] for b in breaks[:3]], own)
            self.assertEqual([b["user_frame"] for b in breaks[:3]], own)      # the user's own code broke
            # Normal(validate_args=True) breaks inside torch/distributions: the site stays, the user frame is ours
            self.assertRegex(breaks[3]["site"], r"/(dist|site)-packages/torch/distributions/distribution\.py:\d+$")
            self.assertEqual(breaks[3]["user_frame"], normal)
        for call in cand:
            self.assertNotIn("break", [e["kind"] for e in call["events"]], call["id"])

    def test_7_break_in_loop(self):
        trace, counters, log = run_scenario("break-in-loop")
        silent = torch_release(trace["fixture"]["torch"]) < (2, 8)
        base, cand = self.check_common("break-in-loop", trace, counters, log, silent_skips=1 if silent else 0)
        if silent:      # 2.6 counts the frame ok and the break as unimplemented
            self.assertEqual(counters["baseline"]["frames"], {"ok": 1, "total": 1})
            self.assertEqual(counters["baseline"]["unimplemented"], {"Tensor.item": 1})
        # the .item() in the loop makes Dynamo give up the frame: a fallback, then eager for good
        warm = base[1]["events"]
        self.assertEqual([(e["kind"], e["graph"]) for e in warm], [("fallback", "0/0")])
        for call in base[2:]:
            self.assertEqual(call["events"], [], call["id"])
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])

    # Issue #29's scenarios. What each release does, as seen on 2.6 (trixie) and 2.14.1 (sid).

    @staticmethod
    def own_site(pattern):
        """The site of the line of scenarios.py that contains ``pattern``, as PyTorch logs it."""
        return "%s:%d" % (os.path.join(HERE, "scenarios.py"), scenario_line(pattern))

    def assert_breaks(self, calls, site, user_frame, reason, gb_id, release):
        """Every break of ``calls`` is at ``site`` with ``user_frame`` and the release's reason:
        ``reason`` is (2.6 text, 2.14 graph-break type); gb_id only where messages are structured."""
        for call in calls:
            for brk in (e for e in call["events"] if e["kind"] == "break"):
                self.assertEqual((brk["site"], brk["user_frame"]), (site, user_frame), call["id"])
                if release >= (2, 8):
                    self.assertEqual((brk["reason"], brk["gb_id"]), (reason[1], gb_id), call["id"])
                else:
                    self.assertEqual(brk["reason"], reason[0], call["id"])
                    self.assertNotIn("gb_id", brk)

    def test_8_tolist(self):
        trace, counters, log = run_scenario("tolist")
        base, cand = self.check_common("tolist", trace, counters, log)
        release = torch_release(trace["fixture"]["torch"])
        site = self.own_site("values = y.tolist()")
        self.assert_breaks(base, site, site, ("Unsupported: Input tensor for tolist must be an integer tensor",
                                              "Tensor.tolist() with non-integer tensor"), "GB0109", release)
        self.assertEqual(self.kinds(base[1]), [("region", "0/0", "compile"), ("break", None, None), ("region", "1/0", "compile")])
        for call in base[2:]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit"), ("break", None, None), ("region", "1/0", "hit")])
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])
        self.assertEqual([self.kinds(c) for c in cand[2:]], [[("region", "0/0", "hit")]] * 2)

    def test_9_deepcopy_dict(self):
        trace, counters, log = run_scenario("deepcopy-dict")
        base, cand = self.check_common("deepcopy-dict", trace, counters, log)
        release = torch_release(trace["fixture"]["torch"])
        if release >= (2, 14):      # Dynamo traces copy.deepcopy of a dict of constants: one graph
            self.assertEqual(self.kinds(base[1]), [("region", "0/0", "compile")])
            self.assertEqual([self.kinds(c) for c in base[2:]], [[("region", "0/0", "hit")]] * 2)
        else:
            site = self.own_site("cfg = copy.deepcopy(_CONFIG)")
            self.assert_breaks(base, site, site, ("Unsupported: copy.deepcopy ConstDictVariable()", None), None, release)
            self.assertEqual(self.kinds(base[1]), [("region", "0/0", "compile"), ("break", None, None),
                                                   ("region", "1/0", "compile")])
            # the break is the frame's first statement: 0/0 is a variant without a graph (its region runs)
            self.assertEqual(counters["baseline"]["stats"]["unique_graphs"], 1)
            self.assertEqual(log_figures(log, "baseline")["log_graphless"], 1)
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])

    def test_10_time_builtin(self):
        trace, counters, log = run_scenario("time-builtin")
        base, cand = self.check_common("time-builtin", trace, counters, log)
        release = torch_release(trace["fixture"]["torch"])
        site = self.own_site("started = time.time()")
        self.assert_breaks(base, site, site, (
            "Unsupported: Graph break due to unsupported builtin time.time. This function is either a Python builtin "
            "(e.g. _warnings.warn) or a third-party C/C++ Python extension (perhaps created with pybind). If it is a "
            "Python builtin, please file an issue on GitHub so the PyTorch team can add support for it and see the "
            "next case for a workaround. If it is a third-party C/C++ Python extension, please either wrap it into a "
            "PyTorch-understood custom operator (see https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html "
            "for more details) or, if it is traceable, use torch.compiler.allow_in_graph.",
            "Attempted to call function marked as skipped"), "GB0007", release)
        self.assertEqual(self.kinds(base[1]), [("region", "0/0", "compile"), ("break", None, None), ("region", "1/0", "compile")])
        if release >= (2, 14):      # the clock's value is an unspecialized float: the resume frame is reused
            for call in base[2:]:
                self.assertEqual(self.kinds(call), [("region", "0/0", "hit"), ("break", None, None), ("region", "1/0", "hit")])
        else:     # 2.6 specializes floats: the resume frame guards on the clock's value and recompiles every call
            for v, call in enumerate(base[2:], 1):
                self.assertEqual(self.kinds(call), [("region", "0/0", "hit"), ("break", None, None),
                                                    ("region", f"1/{v}", "compile")], call["id"])
                self.assertEqual(len(call["events"][2]["guard_failures"]), v)
                self.assertRegex(call["events"][2]["guard_failures"][0], rf"^1/{v - 1}: L\['___stack0'\] == \d+\.\d+$")
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])

    def test_11_torch_branch(self):
        trace, counters, log = run_scenario("torch-branch")
        base, cand = self.check_common("torch-branch", trace, counters, log)
        release = torch_release(trace["fixture"]["torch"])
        breaks = [e for c in base for e in c["events"] if e["kind"] == "break"]
        self.assertEqual(len(breaks), 3)        # one per compiled call
        site = breaks[0]["site"]
        self.assertRegex(site, r"/(dist|site)-packages/torch/distributions/kl\.py:\d+$")
        path, line = site.rsplit(":", 1)
        with open(path, encoding="utf-8") as f:     # the branch on a tensor's truth value, inside torch
            self.assertEqual(f.read().splitlines()[int(line) - 1].strip(), "if (p.total_count < q.total_count).any():")
        self.assert_breaks(base, site, self.own_site("kl = torch.distributions.kl_divergence(a, b)"), (
            "Unsupported: Dynamic control flow is not supported at the moment. Please use "
            "functorch.experimental.control_flow.cond to explicitly capture the control flow. For more information "
            "about this error, see: https://pytorch.org/docs/main/generated/exportdb/index.html#cond-operands",
            "Data-dependent branching"), "GB0170", release)
        self.assertEqual(self.kinds(base[1]), [("region", "0/0", "compile"), ("break", None, None), ("region", "1/0", "compile")])
        for call in base[2:]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit"), ("break", None, None), ("region", "1/0", "hit")])
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])

    def test_12_logging_call(self):
        trace, counters, log = run_scenario("logging-call")
        release = torch_release(trace["fixture"]["torch"])
        # 2.6 gives up the helper's resume frame (frames ok counts it); 2.14 guards it without a graph
        base, cand = self.check_common("logging-call", trace, counters, log, silent_skips=0 if release >= (2, 14) else 1)
        site = self.own_site('logger.info("scaled: %s"')
        self.assert_breaks(base, site, site, (
            "Unsupported: Logger not supported for non-export cases. To avoid graph breaks caused by logger in "
            "compile-mode, it is recommended to disable logging by adding logging methods to config.ignore_logger_methods",
            "logging.Logger method not supported for non-export cases"), "GB0291", release)
        # frames: 0 the model (breaks in the inlined helper), 1 the helper called eagerly (breaks at the same
        # line, no graph), 2 the helper's resume frame (nothing left to trace), 3 the model's resume frame
        first = base[1]["events"]
        self.assertEqual([(e["kind"], e.get("graph")) for e in first],
                         [("region", "0/0"), ("break", None), ("region", "1/0"),
                          ("region" if release >= (2, 14) else "fallback", "2/0"), ("break", None), ("region", "3/0")])
        markers = log[("baseline", base[1]["id"])]
        self.assertEqual(sorted(markers["graphs"]), ["0/0", "3/0"])
        if release >= (2, 14):      # a graphless variant: made in this call, no region ran, so 0 ms
            # no backend ran: all its compile time is Dynamo's (backend timers null), no cache was looked up
            self.assertEqual(first[3], {"kind": "region", "graph": "2/0", "cache": "compile", "ms": 0.0,
                                        "compile_ms": first[3]["compile_ms"],
                                        "stages": {"dynamo": first[3]["compile_ms"], "aot_autograd": 0.0,
                                                   "inductor": 0.0, "codegen": 0.0}})
            self.assertTrue(made_variant(markers["metrics"]["2/0"]))
        else:
            self.assertEqual(first[3]["reason"], "Dynamo skipped the frame: no graph was captured (it runs eagerly)")
            self.assertFalse(made_variant(markers["metrics"]["2/0"]))
        for call in base[2:]:
            self.assertEqual(self.kinds(call), [("region", "0/0", "hit"), ("break", None, None), ("region", "1/0", "hit"),
                                                ("break", None, None), ("region", "3/0", "hit")], call["id"])
        self.assertEqual(self.kinds(cand[1]), [("region", "0/0", "compile")])

    def test_13_numpy_out(self):
        trace, counters, log = run_scenario("numpy-out")
        base, cand = self.check_common("numpy-out", trace, counters, log)
        for call in base[1:] + cand:     # every output, a NumPy array, compared with eager's
            self.assertEqual(set(call["check"]), {"ok", "max_abs_err"}, call["id"])
            self.assertLess(call["check"]["max_abs_err"], 1e-5, call["id"])
        self.assertEqual([self.kinds(c) for c in base[1:]],
                         [[("region", "0/0", "compile")], [("region", "0/0", "hit")], [("region", "0/0", "hit")]])
        self.assertEqual([self.kinds(c) for c in cand[1:]],
                         [[("region", "0/0", "compile")], [("region", "0/0", "hit")], [("region", "0/0", "hit")]])

    # Issue #31's scenarios: recompile causes. What each release writes, as seen on 2.6 (trixie) and 2.14.1 (sid).

    def test_14_shape_churn(self):
        trace, counters, log = run_scenario("shape-churn")
        base, cand = self.check_common("shape-churn", trace, counters, log)
        x = "x" if torch_release(trace["fixture"]["torch"]) >= (2, 14) else "L['x']"
        # dynamic=False: sizes 4 (warmup, then a hit), 8, 16 (steady), 32 (changed), each a variant of its own
        self.assertEqual([self.kinds(c) for c in base[1:]],
                         [[("region", "0/0", "compile")], [("region", "0/0", "hit")], [("region", "0/1", "compile")],
                          [("region", "0/2", "compile")], [("region", "0/3", "compile")]])
        sizes = [4, 8, 16, 32]
        for v, call in enumerate(base[3:], 1):      # every older variant's size guard misses, newest first
            self.assertEqual(call["events"][0]["guard_failures"],
                             [f"0/{k}: tensor '{x}' size mismatch at index 0. expected {sizes[k]}, actual {sizes[v]}"
                              for k in reversed(range(v))], call["id"])
        self.assertEqual([self.kinds(c) for c in cand[1:]], [[("region", "0/0", "compile")]] + [[("region", "0/0", "hit")]] * 4)

    def test_15_bool_arg(self):
        trace, counters, log = run_scenario("bool-arg")
        base, cand = self.check_common("bool-arg", trace, counters, log)
        # flag True (warmup, a hit), False (a new variant), True and False again (hits of 0/0 and 0/1)
        self.assertEqual([self.kinds(c) for c in base[1:]],
                         [[("region", "0/0", "compile")], [("region", "0/0", "hit")], [("region", "0/1", "compile")],
                          [("region", "0/0", "hit")], [("region", "0/1", "hit")]])
        [failure] = base[3]["events"][0]["guard_failures"]
        if torch_release(trace["fixture"]["torch"]) >= (2, 14):     # BOOL_MATCH: by value, with the user's stack
            line = scenario_line("return torch.sin(x) * 2.0 if flag else")
            self.assertRegex(failure.splitlines()[0], r"^0/0: flag == True +# return torch\.sin\(x\) \* 2\.0 if flag")
            self.assertIn(f'File "{os.path.join(HERE, "scenarios.py")}", line {line}, in flagged', failure)
        else:       # CONSTANT_MATCH of a bool is an ID_MATCH: the identity of True, no line
            self.assertRegex(failure, r"^0/0: ___check_obj_id\(L\['flag'\], \d+\)$")
        self.assertEqual([self.kinds(c) for c in cand[1:]], [[("region", "0/0", "compile")]] + [[("region", "0/0", "hit")]] * 4)

    def test_16_grad_mode(self):
        trace, counters, log = run_scenario("grad-mode")
        base, cand = self.check_common("grad-mode", trace, counters, log)
        # grad on (warmup, a hit), off (a new variant), on and off again (hits of 0/0 and 0/1); both releases alike
        self.assertEqual([self.kinds(c) for c in base[1:]],
                         [[("region", "0/0", "compile")], [("region", "0/0", "hit")], [("region", "0/1", "compile")],
                          [("region", "0/0", "hit")], [("region", "0/1", "hit")]])
        self.assertEqual(base[3]["events"][0]["guard_failures"], ["0/0: GLOBAL_STATE changed: grad_mode"])
        self.assertEqual([self.kinds(c) for c in cand[1:]], [[("region", "0/0", "compile")]] + [[("region", "0/0", "hit")]] * 4)

    def check_warm_start(self, name, trace, counters, warm_counters, log, warm_log):
        """A warm-start capture: the warm process replayed each run's eager and warmup calls (what the
        helper wrote of them agrees with the warm log and counters, as a run's calls with theirs); the
        first process missed the FX graph cache on every compile (its folder was fresh) and the warm
        one hit it on every compile, or the failure names the log's reason; every compile's
        artifact_cache is the log's own outcome; the stages add up; past the warm process's first compile
        (receipt_audit.warm_compiles says why that one is apart), each warm compile's cached stages and each
        run's warmup wall are below the first process's."""
        release = torch_release(trace["fixture"]["torch"])
        pairs, first_of_process = receipt_audit.warm_compiles(trace)
        self.assertTrue(pairs, f"{name}: no warm compile after the warm process's first")
        for label, graph, first_stages, warm_stages in pairs:
            self.assertLess(warm_stages, first_stages, f"{label} {graph}: the cached stages (AOTAutograd, Inductor, codegen)"
                                                       f" of the warm compile are below the first process's")
        for run in trace["runs"]:
            label = run["label"]
            warm = run["warm_start"]["calls"]
            self.assertEqual([(c["id"], c["phase"]) for c in warm],
                             [(c["id"], c["phase"]) for c in run["calls"] if c["phase"] in ("eager", "warmup")])
            compiles = 0
            for side, calls, source in (("first", run["calls"], log), ("warm", warm, warm_log)):
                for call in calls:
                    logged = source[(label, call["id"])]
                    for e in call["events"]:
                        if e["kind"] == "break" or e.get("cache") == "hit":
                            continue
                        cache = {stage: worst(o) for stage, o in logged["cache"].get(e["graph"], {}).items()}
                        where = f"{side} process, {label} {call['id']} {e['graph']}"
                        self.assertEqual(e.get("artifact_cache", {}), cache, f"{where}: artifact_cache vs the log")
                        expected = "miss" if side == "first" else "hit"
                        self.assertEqual(cache.get("fx_graph"), expected,
                                         f"{where}: FX graph cache {cache.get('fx_graph')}, the log says: "
                                         f"{logged['cache_reasons'].get(e['graph']) or 'no reason'}")
                        # 2.6 leaves the AOTAutograd cache off (TORCHINDUCTOR_AUTOGRAD_CACHE=0): no outcome at all
                        self.assertEqual(cache.get("aotautograd"), expected if release >= (2, 14) else None, where)
                        stages = e["stages"]
                        self.assertEqual(sorted(stages), ["aot_autograd", "codegen", "dynamo", "inductor"], where)
                        self.assertEqual(sum(Decimal(repr(v)) for v in stages.values()), Decimal(repr(e["compile_ms"])),
                                         f"{where}: stages add up to compile_ms")
                        if side == "warm":
                            compiles += 1
                            self.assertEqual(stages["codegen"], 0.0, f"{where}: a cache hit generates no code")
            theirs = warm_counters[label]
            self.assertEqual(theirs.get("inductor", {}).get("fxgraph_cache_hit"), compiles, f"{label}: warm counters")
            self.assertNotIn("fxgraph_cache_miss", theirs.get("inductor", {}), f"{label}: warm counters")
            if release >= (2, 14):
                self.assertEqual(theirs["aot_autograd"].get("autograd_cache_hit"), compiles, f"{label}: warm counters")
            first_ms = sum(c["wall_ms"] for c in run["calls"] if c["phase"] == "warmup")
            warm_ms = sum(c["wall_ms"] for c in warm if c["phase"] == "warmup")
            if label != first_of_process:
                self.assertLess(warm_ms, first_ms, f"{label}: the warm process's warmup is below the first's")
            print(f"\n[{name}] {label}: warmup {first_ms:.1f} ms with empty caches, {warm_ms:.1f} ms warm "
                  f"({compiles} compiles, all FX graph cache hits"
                  f"{'; the warm process first compiles here: not compared' if label == first_of_process else ''})",
                  file=sys.stderr)
        # the warm process is a run like any other: its calls against its own counters and log
        warm_trace = dict(trace, runs=[{"label": r["label"], "calls": r["warm_start"]["calls"]} for r in trace["runs"]])
        return self.check_common(f"{name} (warm)", dict(warm_trace, fixture=dict(trace["fixture"], name=f"{name} (warm)")),
                                 warm_counters, warm_log)

    def test_17_warm_start_print_bridge(self):
        trace, counters, log = run_scenario("print-bridge", torch_logs=False)
        self.check_common("print-bridge", trace, counters, log)
        warm_counters, warm_log = read_warm("print-bridge")
        base, cand = self.check_warm_start("print-bridge", trace, counters, warm_counters, log, warm_log)
        self.assertEqual([self.kinds(c) for c in base], [[], [("region", "0/0", "compile"), ("break", None, None),
                                                              ("region", "1/0", "compile")]])
        self.assertEqual([self.kinds(c) for c in cand], [[], [("region", "0/0", "compile")]])

    def test_18_warm_start_int_spec(self):
        trace, counters, log = run_scenario("int-spec", torch_logs=False)
        self.check_common("int-spec", trace, counters, log)
        # the first process recompiles on every new int; the warm one replays warmup n=1 only
        self.assertEqual([self.kinds(c) for c in trace["runs"][0]["calls"][1:]],
                         [[("region", f"0/{v}", "compile")] for v in range(3)])
        warm_counters, warm_log = read_warm("int-spec")
        base, cand = self.check_warm_start("int-spec", trace, counters, warm_counters, log, warm_log)
        self.assertEqual([self.kinds(c) for c in base + cand], [[], [("region", "0/0", "compile")]] * 2)

    def test_19_command_line_warm_start(self):
        # --warm-start: the warm process parses the same command line (module by path, --eager,
        # --name); its log goes to $TORCH_TRACE/warm/. In a folder of its own, outside the steps
        # that read every capture of OUT.
        folder = os.path.join(OUT, "cli-warm-start")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        out = os.path.join(folder, "cli.json")
        env = dict(os.environ, TORCH_TRACE=os.path.join(folder, "torch-trace"))
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
        env["PYTHONPATH"] = os.path.join(CAPTURE, "src") + os.pathsep + env.get("PYTHONPATH", "")
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module",
                               os.path.join(HERE, "cli_model.py"), "--baseline", "double_then_tanh", "--out", out,
                               "--name", "cli-warm", "--eager", "1", "--dynamic", "false", "--warm-start"],
                              env=env, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout[-3000:])
        self.assertIn("baseline: 5 calls, 2 compiles, 2 hits, 0 breaks, 0 fallbacks, 0 checks failed", proc.stdout)
        self.assertRegex(proc.stdout, r"baseline warm start: 2 calls, 1 compiles, warmup \d+\.\d ms \(first process: "
                                      r"\d+\.\d ms\); cache outcomes (aotautograd hit 1, )?fx_graph hit 1\n")
        with open(out, encoding="utf-8") as f:
            trace = json.load(f)
        warm = trace["runs"][0]["warm_start"]["calls"]
        self.assertEqual([(c["id"], c["phase"]) for c in warm], [("b00", "eager"), ("b01", "warmup")])
        self.assertEqual(warm[1]["events"][0]["artifact_cache"]["fx_graph"], "hit")
        self.assertEqual([len(glob.glob(os.path.join(folder, "torch-trace", *sub, "*.log"))) for sub in ([], ["warm"])],
                         [1, 1])

    def test_20_print_bridge_marked(self):
        """fixtures/torch-logs/<release>-print-bridge-marked/ made afresh: the baseline recompiles the print's two
        frames (bridged and its resume frame) on the n16 size, the candidate its one frame; the TORCH_LOGS text
        (COMPILE_RECEIPT_TORCH_LOGS=1) splits the same way at its compile_receipt_run lines (run_scenario checks)."""
        trace, counters, log = run_scenario("print-bridge-marked")
        self.check_common("print-bridge-marked", trace, counters, log)
        recompiles = {run: sorted(cid for (label, _), call in log.items() if label == run for cid in call["recompile_reasons"])
                      for run in ("baseline", "candidate")}
        self.assertEqual(recompiles, {"baseline": ["0/1", "1/1"], "candidate": ["0/1"]})

    def test_5_command_line(self):
        out = os.path.join(OUT, "cli.json")
        if os.path.exists(out):
            os.remove(out)
        env = dict(os.environ)
        env.pop("TORCH_TRACE", None)
        env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")
        env["PYTHONPATH"] = os.path.join(CAPTURE, "src") + os.pathsep + env.get("PYTHONPATH", "")
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module",
                               os.path.join(HERE, "cli_model.py"), "--baseline", "double_then_tanh",
                               "--candidate", "tanh_of_sum", "--out", out, "--name", "cli", "--eager", "2",
                               "--decision", '{"intervention": "tanh of the sum", "worker_lifetime_calls": 100}'],
                              env=env, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout[-3000:])
        self.assertIn("baseline: 6 calls, 1 compiles, 3 hits, 0 breaks, 0 fallbacks, 0 checks failed", proc.stdout)
        self.assertIn("candidate: 6 calls, 1 compiles, 3 hits, 0 breaks, 0 fallbacks, 0 checks failed", proc.stdout)
        with open(out, encoding="utf-8") as f:
            trace = json.load(f)
        self.assertEqual(trace["fixture"]["name"], "cli")
        self.assertEqual(trace["decision"], {"intervention": "tanh of the sum", "worker_lifetime_calls": 100})
        self.assertEqual([c["phase"] for c in trace["runs"][0]["calls"]],
                         ["eager", "eager", "warmup", "steady", "steady", "changed"])
        self.assertEqual(trace["fixture"]["mode"], "dynamic=True")
        # a bad input (the module's inputs function missing) fails loudly and writes nothing
        missing = os.path.join(OUT, "cli-missing.json")
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module",
                               os.path.join(HERE, "cli_model.py"), "--baseline", "double_then_tanh",
                               "--inputs", "no_such_inputs", "--out", missing],
                              env=env, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertNotEqual(proc.returncode, 0)
        self.assertFalse(os.path.exists(missing))
        # --relative-to: a committed fixture names its break sites relative to a folder
        rel = os.path.join(OUT, "cli-relative.json")
        if os.path.exists(rel):
            os.remove(rel)
        proc = subprocess.run([sys.executable, "-m", "compile_receipt_capture", "--module",
                               os.path.join(HERE, "cli_model.py"), "--baseline", "tanh_print_sum", "--out", rel,
                               "--name", "cli-relative", "--eager", "1", "--backend", "eager", "--relative-to", HERE],
                              env=env, cwd=HERE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(proc.returncode, 0, proc.stdout[-3000:])
        with open(rel, encoding="utf-8") as f:
            trace = json.load(f)
        with open(os.path.join(HERE, "cli_model.py"), encoding="utf-8") as f:
            line = next(n for n, text in enumerate(f, 1) if "print(" in text and "_SINK" in text)
        sites = {e["site"] for c in trace["runs"][0]["calls"] for e in c["events"] if e["kind"] == "break"}
        self.assertEqual(sites, {f"cli_model.py:{line}"})


def tearDownModule():
    if not ROWS:
        return
    head = ("scenario", "run", "calls", "compiles", "hits", "breaks", "brk-compiles", "fallbacks", "|",
            "unique_graphs", "graph_break", "frames total-ok", "|", "variants", "graphless", "fallbacks")
    lines = ["", f"torch {', '.join(sorted(TORCH_SEEN))}. The trace's figures | PyTorch's torch._dynamo.utils.counters for the same run | the TORCH_TRACE log "
                 "(compile ids between the call markers):",
             "  compiles: regions with cache compile; brk-compiles: of those, the ones followed by a break "
             "(graph_break counts once per compile that broke);",
             "  fallbacks: fallback events (frames total - ok: the frames Dynamo gave up on; log: compile ids "
             "that made no variant); graphless: variants with no dynamo_output_graph (compiles = unique_graphs + graphless)"]
    table = [head]
    for name, label, mine, theirs, logged in ROWS:
        table.append((name, label, mine["calls"], mine["compiles"], mine["hits"], mine["breaks"],
                      mine["break_compiles"], mine["fallbacks"], "|", theirs["unique_graphs"], theirs["graph_break"],
                      theirs["frames_failed"], "|", logged["log_variants"], logged["log_graphless"], logged["log_fallbacks"]))
    widths = [max(len(str(row[i])) for row in table) for i in range(len(head))]
    for row in table:
        lines.append("  " + "  ".join(str(v).rjust(w) if i > 1 else str(v).ljust(w)
                                      for i, (v, w) in enumerate(zip(row, widths))))
    text = "\n".join(lines) + "\n"
    print(text, file=sys.stderr)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    unittest.main()
