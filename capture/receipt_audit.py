"""The receipt of one source, as `receipt audit SOURCE --json` gives it: shared by the check scripts."""

import json
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
