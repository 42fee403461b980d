"""The receipt of one source, as `receipt audit SOURCE --json` gives it: shared by the check scripts."""

import glob
import json
import os
import subprocess


def receipt(audit, source, who, parse_float=float, options=()):
    """The receipt of SOURCE through the AUDIT command (e.g. ["./receipt"]); exits naming WHO when it is refused.
    PARSE_FLOAT reads its numbers (Decimal to compare them exactly at the receipt's 4 decimals); OPTIONS are
    more audit options (a profile's --log, --phases, --call-span, --run)."""
    proc = subprocess.run(audit + ["audit", source, *options, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{who}: audit of {source} failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    doc = json.loads(proc.stdout, parse_float=parse_float)
    return doc.get("receipt", doc)


def traces(out):
    """The compile-trace/1 files of a folder of captures, sorted: NAME.json, not NAME.counters.json nor the
    torch.profiler traces NAME.profile.json and NAME.profile-candidate.json written beside them."""
    return [path for path in sorted(glob.glob(os.path.join(out, "*.json")))
            if "." not in os.path.basename(path)[: -len(".json")]]


# The stages a warm start's caches stand for: AOTAutograd's (its cache, 2.14) and Inductor's with the code it
# generates (the FX graph cache). Dynamo traces again in every process.
CACHED_STAGES = ("aot_autograd", "inductor", "codegen")


def warm_compiles(trace):
    """The compiles of a warm-start capture's warm process (each run's warmup calls replayed in one fresh process,
    runs in order), each against the same run's compile of the same graph in the first process: a list of
    (label, graph, first process's cached stages in ms, the warm process's), and the label of the run whose warmup
    holds the warm process's first compile. That one is left out of the list: the first compile of a process pays
    once for what every later one reuses (2.14 loads its caches then, in AOTAutograd's stage: 2.6-3.4 s on the
    project's machine, about what compiling took), so it measures the process more than the caches."""
    pairs, first_of_process = [], None
    for run in trace["runs"]:
        compiled = {}
        for call in run["calls"]:
            for e in call["events"] if call["phase"] == "warmup" else []:
                if "stages" in e:
                    compiled.setdefault(e["graph"], sum(e["stages"][s] for s in CACHED_STAGES))
        for call in run["warm_start"]["calls"]:
            for e in call["events"] if call["phase"] == "warmup" else []:
                if "stages" not in e:
                    continue
                if first_of_process is None:
                    first_of_process = run["label"]
                elif e["graph"] in compiled:
                    pairs.append((run["label"], e["graph"], compiled[e["graph"]],
                                  sum(e["stages"][s] for s in CACHED_STAGES)))
    return pairs, first_of_process
