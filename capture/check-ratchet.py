#!/usr/bin/env python3
"""Checks the ratchet (issue #45) on CI's real captures, through `receipt check` as a user's CI runs it.

Across releases, on the scenarios captured on both suites (OUT/trixie/<scenario>.json is torch 2.6,
OUT/sid/<scenario>.json torch 2.14):
- each release's baseline is approved (`receipt check --update` into a temporary folder, exit 0);
- the 2.14 capture against 2.6's baseline lists what moved (exit 1), one line per scenario with the
  number of figures and the groups they fall in;
- the 2.14 capture against its own baseline passes (exit 0);
- per release: with --per-release and only 2.6's file, the 2.14 capture is compared with it and says
  "no approved receipt for torch 2.14 yet; compared with 2.6's" (exit 1); --update writes 2.14's own file and
  keeps 2.6's; then both captures pass, each against its own release's file.

Bands, on repeated captures OUT/<suite>/repeat/repeat-<scenario>/<scenario>.<i>.json (i = 1..5, made by
the capture helper's --repeat; skipped with a NOTICE when absent):
- each run in turn is the fresh capture: `receipt bands` over the other four, and the held-out run against the
  first of them approved, within those bands, passes (exit 0) for a majority of the five runs, three or more (a run
  slowed by another tenant of a shared machine is said, with the figure that moved, and tolerated: its times alone,
  never a count, better or worse);
- run 5's receipt with its largest time scaled x3 and x0.2 fails in both directions (exit 1), the
  message naming the figure, "above the band" / "below the band" and the value to approve;
- run 5's receipt with a count changed (a compile more in the warm-up) fails on the same bands (exit 1).

    capture/check-ratchet.py OUT_DIR RECEIPT_COMMAND...     (e.g. capture/out ./receipt)

Exit 0 when every expectation holds, 1 otherwise (each failure said on standard error).
"""

import glob
import json
import os
import re
import subprocess
import sys
import tempfile

failures = []


def run(cmd, *args):
    p = subprocess.run(list(cmd) + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def expect(what, code, wanted, out, err, contains=()):
    missing = [c for c in contains if c not in out]
    if code != wanted or missing:
        failures.append(what)
        print("FAILED: %s: exit %d (expected %d)%s\n%s%s" % (what, code, wanted,
              "; missing " + repr(missing) if missing else "", out, err), file=sys.stderr)
        return False
    return True


def groups(out):
    return [line.strip() for line in out.splitlines() if re.match(r"^  [a-z][a-z ]*$", line)]


def traces(folder):
    """The scenario traces of a suite's captures: not the dynamo counters, not the torch.profiler traces (which need their log)."""
    return {os.path.basename(p): p for p in glob.glob(os.path.join(folder, "*.json"))
            if not p.endswith(".counters.json") and ".profile" not in os.path.basename(p)
            and not p.endswith(".expect.json")}


def across_releases(out_dir, cmd, tmp):
    old = traces(os.path.join(out_dir, "trixie"))
    new = traces(os.path.join(out_dir, "sid"))
    both = sorted(set(old) & set(new))
    if not both:
        print("NOTICE: no scenario captured on both trixie and sid under %s: the releases were not compared" % out_dir)
        return
    for name in both:
        a26 = os.path.join(tmp, "2.6", name + ".approved.json")
        a214 = os.path.join(tmp, "2.14", name + ".approved.json")
        for d in (a26, a214):
            os.makedirs(os.path.dirname(d), exist_ok=True)
        c, o, e = run(cmd, "check", old[name], "--approved", a26, "--update")
        expect("%s: approve 2.6's baseline" % name, c, 0, o, e)
        c, o, e = run(cmd, "check", new[name], "--approved", a214, "--update")
        expect("%s: approve 2.14's baseline" % name, c, 0, o, e)
        c, o, e = run(cmd, "check", new[name], "--approved", a26)
        if expect("%s: the 2.14 capture against 2.6's baseline" % name, c, 1, o, e, ["beyond the rules"]):
            moved = re.search(r"^(\d+) figures? moved", o, re.M)
            print("receipt check %s: 2.14 against 2.6's baseline: exit 1, %s figures moved (%s)"
                  % (name, moved.group(1) if moved else "?", ", ".join(groups(o))))
        c, o, e = run(cmd, "check", new[name], "--approved", a214)
        if expect("%s: the 2.14 capture against its own baseline" % name, c, 0, o, e):
            print("receipt check %s: 2.14 against its own baseline: exit 0" % name)
        plain = os.path.join(tmp, "per-release", name + ".approved.json")
        os.makedirs(os.path.dirname(plain), exist_ok=True)
        c, o, e = run(cmd, "check", old[name], "--approved", plain, "--per-release", "--update")
        expect("%s: per release, approve 2.6's" % name, c, 0, o, e)
        c, o, e = run(cmd, "check", new[name], "--approved", plain, "--per-release")
        expect("%s: per release, 2.14 with no file of its own" % name, c, 1, o, e,
               ["no approved receipt for torch 2.14 yet; compared with 2.6's"])
        c, o, e = run(cmd, "check", new[name], "--approved", plain, "--per-release", "--update")
        expect("%s: per release, approve 2.14's" % name, c, 0, o, e)
        for trace in (old[name], new[name]):
            c, o, e = run(cmd, "check", trace, "--approved", plain, "--per-release")
            expect("%s: per release, %s against its own release's file" % (name, trace), c, 0, o, e)
        kept = sorted(os.listdir(os.path.dirname(plain)))
        wanted = [name + ".torch-2.14.approved.json", name + ".torch-2.6.approved.json"]
        if [k for k in kept if k.startswith(name + ".")] != wanted:
            failures.append("%s: per-release files" % name)
            print("FAILED: %s: per-release files are %s, expected %s" % (name, kept, wanted), file=sys.stderr)
        else:
            print("receipt check %s --per-release: 2.14 compared with 2.6's (exit 1), approved as its own, both kept" % name)


def largest_time(node, path=()):
    """The path and value of the largest time figure (a *_ms number) outside the ledger."""
    best = (None, -1.0)
    if isinstance(node, dict):
        for k, v in node.items():
            if path == () and k == "ledger":
                continue
            if isinstance(v, (int, float)) and not isinstance(v, bool) and k.endswith("_ms") and v > best[1]:
                best = (path + (k,), float(v))
            elif isinstance(v, (dict, list)):
                found = largest_time(v, path + (k,))
                if found[1] > best[1]:
                    best = found
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found = largest_time(v, path + (i,))
            if found[1] > best[1]:
                best = found
    return best


def put(tree, path, value):
    for k in path[:-1]:
        tree = tree[k]
    tree[path[-1]] = value


def number(value):
    text = json.dumps(value)
    return text[:-2] if text.endswith(".0") else text


def bands(out_dir, cmd, tmp):
    made = False
    for suite in ("trixie", "sid"):
        for folder in sorted(glob.glob(os.path.join(out_dir, suite, "repeat", "repeat-*", ""))):
            folder = os.path.dirname(folder)  # the trailing "" keeps folders only: each run's .log sits beside them
            scenario = os.path.basename(folder)[len("repeat-"):]
            runs = [os.path.join(folder, "%s.%d.json" % (scenario, i)) for i in range(1, 6)]
            if not all(os.path.isfile(r) for r in runs):
                print("NOTICE: %s: fewer than 5 repeated runs; its bands were not checked" % folder)
                continue
            made = True
            where = os.path.join(tmp, "bands", suite, scenario)
            os.makedirs(where, exist_ok=True)
            held_within = []
            for held in range(5):
                others = [r for i, r in enumerate(runs) if i != held]
                band_file = os.path.join(where, "bands-without-%d.json" % (held + 1))
                approved = os.path.join(where, "approved-without-%d.json" % (held + 1))
                c, o, e = run(cmd, "bands", *others, "-o", band_file)
                expect("%s/%s: bands over the runs but %d" % (suite, scenario, held + 1), c, 0, o, e)
                if e.strip() and held == 4:
                    print("  (%s)" % e.strip())
                c, o, e = run(cmd, "check", others[0], "--approved", approved, "--update")
                expect("%s/%s: approve run %d" % (suite, scenario, runs.index(others[0]) + 1), c, 0, o, e)
                c, o, e = run(cmd, "check", runs[held], "--approved", approved, "--bands", band_file, "--json")
                try:
                    verdict = json.loads(o)
                except ValueError:
                    verdict = {"findings": [], "within_bands": 0}
                findings = verdict.get("findings", [])
                # Only a time beyond its band is the machine's: a count that moved between repeats of one run, better
                # or worse, is a finding (the default rules pass an improved count, so it is looked for here).
                counts = [f["message"] for f in findings if "band" not in f]
                if c == 0 and not counts:
                    held_within.append(held + 1)
                    print("receipt check %s/%s run %d --bands of the other four: exit 0, %s times moved within their bands"
                          % (suite, scenario, held + 1, verdict.get("within_bands")))
                elif c == 1 and findings and not counts:
                    print("receipt check %s/%s run %d --bands of the other four: exit 1: %s"
                          % (suite, scenario, held + 1, next((f["message"] for f in findings if f.get("fails")), findings[0]["message"])))
                else:
                    failures.append("%s/%s: run %d against the bands of the others: exit %d%s"
                                    % (suite, scenario, held + 1, c, ", " + counts[0] if counts else ""))
                    print("FAILED: exit %d (expected 0, or 1 for times beyond their bands alone)\n%s%s" % (c, o, e), file=sys.stderr)
            # A run slowed by another tenant of a shared machine falls outside the band of four quiet ones (CI: x1.33 once,
            # x1.54 in one figure another time), and widens the bands its counterparts are held to; two such runs in one
            # scenario, in different figures, each fail. A majority must hold: bands held to the measured range unwidened
            # (--margin ...=0%+0) held none of five on CI's captures of both releases, every run being the extreme of some figure.
            if len(held_within) < 3:
                failures.append("%s/%s: held out in turn, only runs %s of 5 were within the bands of the other four"
                                % (suite, scenario, held_within))
                print("FAILED: %s/%s: held out in turn, only runs %s of 5 were within the bands of the other four"
                      % (suite, scenario, held_within), file=sys.stderr)
            else:
                print("receipt check %s/%s: %d of 5 runs, each held out, within the bands of the other four"
                      % (suite, scenario, len(held_within)))
            band_file = os.path.join(where, "bands-without-5.json")
            approved = os.path.join(where, "approved-without-5.json")
            fifth = os.path.join(where, "run5.approved.json")
            c, o, e = run(cmd, "check", runs[4], "--approved", fifth, "--update")
            with open(fifth, encoding="utf-8") as f:
                receipt = json.load(f)
            path, value = largest_time(receipt)
            figure = ".".join(str(p) for p in path)
            for factor, side in ((3.0, "above the band"), (0.2, "below the band")):
                scaled = json.loads(json.dumps(receipt))
                put(scaled, path, round(value * factor, 4))
                changed = os.path.join(where, "scaled-%s.json" % factor)
                with open(changed, "w", encoding="utf-8") as f:
                    json.dump(scaled, f)
                c, o, e = run(cmd, "check", changed, "--approved", approved, "--bands", band_file)
                if expect("%s/%s: %s x%s" % (suite, scenario, figure, factor), c, 1, o, e,
                          [side, "approve " + number(round(value * factor, 4)), "over 4 runs"]):
                    line = next((l.strip() for l in o.splitlines() if side in l), "")
                    print("receipt check %s/%s x%s: exit 1: %s" % (suite, scenario, factor, line))
            counted = json.loads(json.dumps(receipt))
            run_label = sorted(counted["runs"])[0]
            compiles = counted["runs"][run_label]["phases"]["warmup"]["compiles"]
            counted["runs"][run_label]["phases"]["warmup"]["compiles"] = compiles + 1
            changed = os.path.join(where, "count.json")
            with open(changed, "w", encoding="utf-8") as f:
                json.dump(counted, f)
            c, o, e = run(cmd, "check", changed, "--approved", approved, "--bands", band_file)
            if expect("%s/%s: a count changed on a band" % (suite, scenario), c, 1, o, e,
                      ["runs.%s.phases.warmup.compiles: %d → %d (regression)" % (run_label, compiles, compiles + 1)]):
                print("receipt check %s/%s a compile more: exit 1, a count never passes on a band" % (suite, scenario))
    if not made:
        print("NOTICE: no repeated captures under %s/<suite>/repeat/: the bands were not checked" % out_dir)


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out_dir, cmd = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory(prefix="check-ratchet-") as tmp:
        across_releases(out_dir, cmd, tmp)
        bands(out_dir, cmd, tmp)
    if failures:
        print("check-ratchet.py: %d expectations failed: %s" % (len(failures), "; ".join(failures)), file=sys.stderr)
        return 1
    print("check-ratchet.py: every expectation held")
    return 0


if __name__ == "__main__":
    sys.exit(main())
