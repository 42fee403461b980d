#!/usr/bin/env bash
# Runs the example project's -Pshow-failures profile, which must FAIL, and checks that it failed
# with exactly the intended tests, each with its key message line, and that every failing test
# that received a receipt has it attached (receipt.json, ledger.csv, receipt.csv) under
# example-project/target/junit-reports and listed in JUnit's open-test-report.xml.
# Exits 0 only when exactly the intended failures happened.
set -euo pipefail
cd "$(dirname "$0")/.."

# The example takes the artifacts by coordinates: install them first (without -am, which would
# run the other modules' tests under the profile too).
mvn -q -B -DskipTests install

rm -rf example-project/target/surefire-reports example-project/target/junit-reports
log=example-project/target/show-failures.log
mkdir -p example-project/target
if mvn -q -B -pl example-project -Pshow-failures test >"$log" 2>&1; then
    echo "show-failures: the profile passed, but it must fail (see $log)" >&2
    exit 1
fi

python3 - <<'EOF'
import os, sys, xml.etree.ElementTree as ET

CLASS = "com.example.decoder.BeforeTheFixTest"
REPORT = "example-project/target/surefire-reports/TEST-" + CLASS + ".xml"
ATTACHED = "example-project/target/junit-reports"

# test name in the Surefire report -> (lines its failure message must contain, attached receipt or None)
INTENDED = {
    "steadyTrafficNeverCompiles(Receipt)": (
        ["run baseline of the int-spec receipt", "to have no new graph variants in steady",
         "but 7 calls compiled 7 new variants:",
         "baseline: 7 recompiles in steady because `L['n']` (a Python int) took 7 new values (2…8); at 0/8 the recompile"
         " limit was hit and the frame fell back to eager", "b04 -> 0/1  0/0: L['n'] == 1"],
        "receipt-int-spec"),
    "noGraphBreaks(Receipt)": (
        ["run baseline of the print-bridge receipt", "to break only at", "but it broke at scenarios.py:31:"],
        "receipt-print-bridge"),
    "changedShapesRecompileAtMostOnce(Receipt)": (
        ["to compile at most 1 variant in changed", "but run baseline compiled 2 variants:",
         "baseline: 1 recompile in changed because `L['x'].size()[0]` (a tensor size) took a new value (16)",
         "b12 -> 0/1  0/0: tensor 'L['x']' size mismatch at index 0. expected 8, actual 16"],
        "receipt-print-bridge"),
    "noFrameSilentlyFellBackToEager(Receipt)": (
        ["run baseline of the int-spec receipt", "to have no fallbacks",
         "but run baseline fell back 1 time (steady 1):"],
        "receipt-int-spec"),
    # @MutantTest invocations attach no receipt: the message carries what the mutant changed.
    "tooWeakChecksKillEveryMutant(Receipt) mutant: hide-eager-islands": (
        ["mutant hide-eager-islands survived: the test passed although every break's eager_ms becomes 0",
         "runs.baseline.phases.steady.eager_island_ms: 0.1953 → 0",
         'assertThat(receipt).run("baseline").phase(CHANGED).hasEagerTimeAtItsBreaks();'],
        None),
}
PASSING = {"tooWeakChecksKillEveryMutant(Receipt) " + name for name in
           ["unmutated", "mutant: conflate-breaks-and-recompiles", "mutant: drop-warmup",
            "mutant: count-cache-hits-as-compiles", "mutant: average-unequal-calls"]}

problems = []
if not os.path.exists(REPORT):
    sys.exit("show-failures: no Surefire report " + REPORT + " (did the tests compile? see the log)")
reports = sorted(f for f in os.listdir("example-project/target/surefire-reports") if f.startswith("TEST-"))
if reports != ["TEST-" + CLASS + ".xml"]:
    problems.append("expected only " + CLASS + " to run, found reports " + ", ".join(reports))

failed, passed = {}, set()
for case in ET.parse(REPORT).getroot().iter("testcase"):
    name = case.get("name")
    outcome = [child for child in case if child.tag in ("failure", "error", "skipped")]
    if not outcome:
        passed.add(name)
    elif outcome[0].tag == "failure":
        failed[name] = outcome[0].get("message") or ""
    else:
        problems.append(f"{name}: {outcome[0].tag}, expected a failure or a pass")

for name in sorted(set(failed) - set(INTENDED)):
    problems.append(f"unintended failure: {name}: {failed[name].strip().splitlines()[0:3]}")
for name in sorted(set(INTENDED) - set(failed)):
    problems.append(f"intended failure did not happen: {name}")
for name in sorted(PASSING - passed):
    problems.append(f"expected to pass: {name}")
for name in sorted(passed - PASSING):
    problems.append(f"unexpected test passed: {name}")

events = ""
if os.path.exists(os.path.join(ATTACHED, "open-test-report.xml")):
    events = open(os.path.join(ATTACHED, "open-test-report.xml"), encoding="utf-8").read()
else:
    problems.append("no " + ATTACHED + "/open-test-report.xml")
for name, (lines, receipt) in INTENDED.items():
    message = failed.get(name)
    if message is None:
        continue
    for line in lines:
        if line not in message:
            problems.append(f"{name}: message lacks {line!r}")
    if receipt is None:
        continue
    method = name.replace("(Receipt)", "(dev.compilereceipt.receipt.Receipt)")
    directory = os.path.join("junit-jupiter", CLASS, method, receipt)
    for file in ("receipt.json", "ledger.csv", "receipt.csv"):
        path = os.path.join(ATTACHED, directory, file)
        if not os.path.isfile(path) or os.path.getsize(path) == 0:
            problems.append(f"{name}: no attached {path}")
    out = "".join(case.findtext("system-out") or "" for case in ET.parse(REPORT).getroot().iter("testcase")
                  if case.get("name") == name)
    if f"compile-receipt: receipt of {receipt[len('receipt-'):]} attached at " not in out:
        problems.append(f"{name}: the Surefire report's system-out does not name the attached receipt")
    if f'path="{directory}"' not in events:
        problems.append(f"{name}: open-test-report.xml does not list {directory}")

if problems:
    print("show-failures: NOT the intended failures:", file=sys.stderr)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1)
print(f"show-failures: exactly the {len(INTENDED)} intended failures, {len(PASSING)} passing invocations, "
      f"receipts attached under {ATTACHED}:")
for name in INTENDED:
    print("  " + name)
EOF
