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
