#!/usr/bin/env bash
# Runs the extension's own tests on every JUnit line it claims to support.
#
# The extension's main classes are compiled once, against the lowest supported JUnit (the root
# pom's junit.version), and then kept (-Dmaven.main.skip=true) while the tests are compiled and
# run against each line: this checks what users get, a jar built on 5.12 running on a newer JUnit.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSIONS=${JUNIT_VERSIONS:-"5.12.2 5.14.4 6.0.3 6.1.3"}

mvn -q -B -pl extension -am compile
for v in $VERSIONS; do
    echo "== JUnit $v: extension tests"
    rm -rf extension/target/test-classes extension/target/surefire-reports
    mvn -q -B -pl extension -am test -Djunit.version="$v" -Dmaven.main.skip=true
    summary=$(cat extension/target/surefire-reports/*.txt | awk '/Tests run:/ {t+=$3; f+=$5; e+=$7; s+=$9} END {printf "%d run, %d failures, %d errors, %d skipped", t, f, e, s}')
    echo "== JUnit $v: $summary"
done
