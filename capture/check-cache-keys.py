#!/usr/bin/env python3
"""Checks why each warm start of the #46 cache-key pairs missed, as the receipt says it
(runs.baseline.cold_start.key_changes), against an independent reading of both processes' TORCH_TRACE
logs and against what the capture expects (keys-<change>.expect.json).

    capture/check-cache-keys.py OUT AUDIT_COMMAND...     (e.g. capture/out/sid ./receipt)

OUT holds keys/keys-<change>-torch-trace/{*.log,warm/*.log} and keys/keys-<change>.expect.json (or is
that keys folder itself). The plain reading: every fx_graph_cache_* / aotautograd_cache_* artifact
(2.6's aotautograd_cache_hash with its outcome in cache_state) of a compile, named F/V or F/V_A after a
restart; each warm lookup that missed or bypassed matched to the cold lookup of the same cache and
compile id (n-th to n-th); the components whose "[hash] name" hash differs. Expected: exactly the
components the capture changed, per cache as the expect file lists them (null: the records list none).
"""

import glob
import json
import os
import re
import subprocess
import sys

RECORD = re.compile(r'"name": "((fx_graph|aotautograd)_cache_(hit|miss|bypass|hash))".*?"frame_id": (\d+), '
                    r'"frame_compile_id": (\d+), "attempt": (\d+)')
LINE = re.compile(r"\[([^\]\s]*)\] (.*?): ?(.*)", re.S)


def keys(path):
    """[(graph, cache, outcome, key, {name: (hash, value)} or None)] in log order."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    for i, line in enumerate(lines):
        m = RECORD.search(line)
        if not m or i + 1 >= len(lines) or not lines[i + 1].startswith("\t"):
            continue
        payload = json.loads(lines[i + 1][1:])
        outcome = payload.get("cache_state") if m.group(3) == "hash" else m.group(3)
        graph = f"{m.group(4)}/{m.group(5)}" + (f"_{m.group(6)}" if m.group(6) != "0" else "")
        components = None
        if payload.get("components"):
            components = {}
            for text in payload["components"]:
                c = LINE.fullmatch(text)
                if c:
                    components.setdefault(c.group(2), (c.group(1), c.group(3)))
        found.append((graph, m.group(2), outcome, payload.get("key", ""), components))
    return found


def changes(cold, warm):
    """The plain key_changes: [(graph, cache, outcome, [names] | [] same key | None not measured)]."""
    slots = {}
    for k in cold:
        slots.setdefault((k[0], k[1]), []).append(k)
    seen, out = {}, []
    for graph, cache, outcome, key, components in warm:
        n = seen.get((graph, cache), 0)
        seen[(graph, cache)] = n + 1
        if outcome == "hit":
            continue
        same = slots.get((graph, cache), [])
        other = same[n] if n < len(same) else None
        if other is not None and other[3] and other[3] == key:
            names = []
        elif other is None or other[4] is None or components is None:
            names = None
        else:
            names = [name for name, (h, _) in components.items() if other[4].get(name, (None,))[0] != h]
            names += [name for name in other[4] if name not in components]
        out.append((graph, cache, outcome, names))
    return out


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    out, audit = sys.argv[1], sys.argv[2:]
    root = os.path.join(out, "keys") if os.path.isdir(os.path.join(out, "keys")) else out
    pairs = sorted(glob.glob(os.path.join(root, "keys-*-torch-trace")))
    if not pairs:
        raise SystemExit(f"check-cache-keys: no keys-<change>-torch-trace folder in {root}")
    failed = 0
    for folder in pairs:
        change = os.path.basename(folder)[len("keys-"):-len("-torch-trace")]
        cold_log = sorted(glob.glob(os.path.join(folder, "*.log")))[0]
        warm_log = sorted(glob.glob(os.path.join(folder, "warm", "*.log")))[0]
        plain = changes(keys(cold_log), keys(warm_log))
        problems = []
        with open(os.path.join(root, f"keys-{change}.expect.json"), encoding="utf-8") as f:
            expect = json.load(f)
        for cache in ("fx_graph", "aotautograd"):
            mine = [c for c in plain if c[1] == cache]
            want = expect["components"].get(cache)
            outcomes = expect.get("outcomes", {}).get(cache)
            for graph, _, outcome, names in mine:
                if want is None and names is not None and names != []:
                    problems.append(f"{graph} {cache}: expected not measured, the logs name {names}")
                if want is not None and names is not None and sorted(names) != sorted(want):
                    problems.append(f"{graph} {cache}: expected {want}, the logs name {names}")
            if outcomes is not None and any(o != "hit" for o in outcomes) and not mine:
                problems.append(f"{cache}: expected {outcomes}, every warm lookup hit")
            if outcomes is not None and all(o == "hit" for o in outcomes) and mine:
                problems.append(f"{cache}: expected every lookup to hit, {len(mine)} missed")
        proc = subprocess.run(audit + ["audit", cold_log, "--warm", warm_log, "--json"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if proc.returncode in (0, 1):
            doc = json.loads(proc.stdout)
            receipt = doc.get("receipt", doc)
            said = receipt["runs"]["baseline"]["cold_start"]["key_changes"]
            theirs = [(c["graph"], c["cache"], c["outcome"],
                       None if c["components"] is None else [x["name"] for x in c["components"]]) for c in said]
            if theirs != plain:
                problems.append(f"the receipt says {theirs}, the plain reading {plain}")
            how = f"receipt agrees ({len(said)} missed lookups)"
        elif change == "code":
            # The warm process compiles another function: the pair is refused as a warm start (its frames differ).
            how = "receipt refuses the pair (another frame), as it should"
        else:
            problems.append(f"audit refused the pair ({proc.returncode}): {proc.stderr[-500:]}")
            how = ""
        if problems:
            failed += 1
            print(f"keys-{change}: FAILED", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
        else:
            named = sorted({n for c in plain for n in (c[3] or [])})
            print(f"keys-{change}: ok, {len(plain)} missed lookups naming {named or 'nothing'}; {how}")
    if failed:
        raise SystemExit(f"check-cache-keys: {failed} of {len(pairs)} pairs disagree")


if __name__ == "__main__":
    main()
