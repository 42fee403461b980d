#!/usr/bin/env python3
"""Checks, on the multi-rank captures of this run (issue #47), that `receipt ranks --json` groups the
ranks of each job as the capture expects: OUT/ranks/ranks-<scenario>/ holds one TORCH_TRACE log per
rank, and ranks-<scenario>.expect.json (beside the folder or in it) says
{"ranks": 4, "groups": [[0, 2, 3], [1]], "kind": "graph"|"cache"|"alike", "first_divergence": "..."}.

Each job must be read (exit 0), give exactly the expected groups (one list of rank numbers per
group, in the order of their first rank) and kind, and a diverging job must name a first divergence
that names every rank outside the largest group; the capture's own words for the divergence are
printed beside the receipt's. Where the capture also read the ranks' cache keys ("key_changes": per
group's first rank, the components whose hashes differ from the largest group's, "fx_graph 0/0:
inductor_config[size_asserts]"; issue #46), the first divergence of a cache divergence must name each
such component in backquotes, or, where none differs, say that the ranks looked up the same keys. One line per job; exit 1 if any job differs, 0 when there is none.

    capture/check-ranks.py OUT_DIR RECEIPT_COMMAND...     (e.g. capture/out/sid ./receipt)
"""

import glob
import json
import os
import re
import subprocess
import sys


def expectation(folder):
    name = os.path.basename(folder.rstrip("/"))
    for path in (folder.rstrip("/") + ".expect.json", os.path.join(folder, name + ".expect.json")):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return path, json.load(f)
    return None, None


def named_ranks(text):
    """The rank numbers a sentence names: 'rank 1', 'ranks 1, 2'."""
    found = set()
    for m in re.finditer(r"\branks? ((?:\d+(?:, )?)+)", text):
        found.update(int(n) for n in m.group(1).split(", ") if n)
    return found


def check(folder, command):
    where, expect = expectation(folder)
    if expect is None:
        return f"{folder}: no .expect.json beside it or in it", False
    run = subprocess.run(command + ["ranks", folder, "--json"], capture_output=True, text=True)
    if run.returncode != 0:
        return f"{folder}: receipt ranks exited {run.returncode}: {run.stderr.strip()}", False
    verdict = json.loads(run.stdout)
    problems = []
    if verdict["groups"] != expect["groups"]:
        problems.append(f"groups {verdict['groups']}, expected {expect['groups']}")
    if verdict["kind"] != expect["kind"]:
        problems.append(f"kind {verdict['kind']}, expected {expect['kind']}")
    if "ranks" in expect and verdict["ranks"] != expect["ranks"]:
        problems.append(f"{verdict['ranks']} ranks, expected {expect['ranks']}")
    if not verdict["alike"]:
        largest = max(verdict["groups"], key=len)
        others = {r for g in verdict["groups"] if g is not largest for r in g}
        said = verdict.get("first_divergence", "")
        if not said or not (named_ranks(said) & others):
            problems.append(f"the first divergence {said!r} names none of ranks {sorted(others)}")
    changes = expect.get("key_changes")
    if changes is not None and verdict["kind"] == "cache":
        said = verdict.get("first_divergence", "")
        names = sorted({change.split(": ", 1)[1] for group in changes.values() for change in group})
        missing = [name for name in names if f"`{name}`" not in said]
        if missing:
            problems.append(f"the first divergence {said!r} does not name the key components {missing}")
        if not names and "under the same key" not in said:
            problems.append(f"the first divergence {said!r} does not say the keys are the same")
    line = f"{folder}: {verdict['one_line']}"
    if expect.get("first_divergence"):
        line += f" (the capture says: {expect['first_divergence']})"
    if problems:
        return line + "; DIFFERS from " + where + ": " + "; ".join(problems), False
    return line + ": as expected", True


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, command = argv[1], argv[2:]
    folders = sorted(f for f in glob.glob(os.path.join(out, "ranks", "ranks-*")) if os.path.isdir(f))
    if not folders:
        print(f"no multi-rank job in {out}/ranks/: nothing to check")
        return 0
    failed = 0
    for folder in folders:
        line, ok = check(folder, command)
        print(line, file=sys.stdout if ok else sys.stderr)
        failed += 0 if ok else 1
    if failed:
        print(f"check-ranks.py: {failed} of {len(folders)} multi-rank jobs differ from what their capture expects", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
