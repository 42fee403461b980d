#!/usr/bin/env bash
# Start-up on every JVM (#48), side by side: ROUNDS (default 5) paired rounds on Java 17 (JAVA17_HOME, default the
# `java` on PATH) and Java 25 (JAVA25_HOME, default /usr/lib/jvm/temurin-25-jdk-amd64), each round running in turn
#   RECEIPT_JAVA_HOME=J ./receipt audit FILE --json        (the launcher: its flags and its start-up cache for J:
#                                                          the class archive on 17, the AOT cache on 25)
#   J/bin/java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar cli/target/receipt.jar audit FILE --json   (no cache)
# on the small audit (fixtures/print-bridge/trace.json) and a 100 MB TORCH_LOGS text (bench/make-big-text.py from the
# 2.14 captures), and a JUnit suite of 64 tests (bench/make-suite.py's by-hand variant cut to 16 classes x 4 tests:
# each class reads and receipts a fixture in its @BeforeAll) run by the JUnit Platform launcher in one JVM, with the
# JVM's default flags, without a cache and with the same kind of cache made by one training run of the suite (what a
# user's surefire argLine could give it). Prints the median wall seconds and peak RSS of each.
#
# BEFORE_JAR=an earlier build's receipt.jar adds, in the same rounds, that build run by this launcher (a copy beside
# it in $BENCH_DIR/before, with its own start-up caches made by its own StartupTraining) on the small audit and the
# text, and the suite on that jar with its own caches: a second table, before and now, per JDK, each with its cache.
#
#   flock /tmp/maven.lock bench/launcher-start.sh      # hold the build lock: nothing else of ours runs meanwhile
#   BEFORE_JAR=/tmp/receipt-main.jar ROUNDS=5 flock /tmp/bench.lock bench/launcher-start.sh
set -euo pipefail
here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/compile-receipt-start}"
. "$here/bench/timing.sh"
rounds="${ROUNDS:-5}"
java17="${JAVA17_HOME:-$(dirname -- "$(dirname -- "$(readlink -f -- "$(command -v java)")")")}"
java25="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jar="$here/cli/target/receipt.jar"
m2="${M2_REPO:-$HOME/.m2/repository}"
before_jar="${BEFORE_JAR:-}"
[ -z "$before_jar" ] || [ -f "$before_jar" ] || { echo "BEFORE_JAR: no $before_jar" >&2; exit 1; }
for j in "$java17" "$java25"; do [ -x "$j/bin/java" ] || { echo "no $j/bin/java: set JAVA17_HOME / JAVA25_HOME" >&2; exit 1; }; done
mkdir -p "$dir"
trap 'rm -f "$dir"/*.times "$dir"/*.out' EXIT

"$here/receipt" --version >/dev/null    # builds the CLI when it is stale
small="$here/fixtures/print-bridge/trace.json"
text="$dir/torch_logs_2.14_100mb.txt"
[ -f "$text" ] || python3 "$here/bench/make-big-text.py" "$text" 100 "$here/fixtures/torch-logs/2.14-print-bridge/torch_logs.txt" \
  "$here/fixtures/torch-logs/2.14-int-spec/torch_logs.txt" "$here/fixtures/torch-logs/2.14-fallback/torch_logs.txt" >/dev/null

# The suite: 16 classes x 4 tests, compiled once for Java 17, in one jar (a class archive takes jars only).
suite="$dir/suite"
if [ ! -f "$suite/suite.jar" ] || [ "$jar" -nt "$suite/suite.jar" ]; then
  python3 - "$here/bench/make-suite.py" "$suite/project" > /dev/null <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("make_suite", sys.argv[1])
suite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(suite)
suite.CLASSES = 16
sys.argv = ["make-suite.py", sys.argv[2], "by-hand"]
suite.main()
PY
  rm -f "$suite/project/src/test/java/com/example/suite/FirstReadProbe.java"    # the by-hand classes need core alone
  sed -i '/^import dev.compilereceipt.junit/d' "$suite/project/src/test/java/com/example/suite/"*.java
  mkdir -p "$suite/classes"
  cat > "$suite/project/src/test/java/com/example/suite/RunSuite.java" <<'JAVA'
package com.example.suite;

import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/** Runs the suite's *Test classes in this JVM and exits 0 when every test passed. */
public class RunSuite {
    public static void main(String[] args) {
        var request = LauncherDiscoveryRequestBuilder.request().selectors(selectPackage("com.example.suite"))
                .filters(includeClassNamePatterns(".*Test")).build();
        var listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(request, listener);
        var summary = listener.getSummary();
        System.out.println(summary.getTestsSucceededCount() + " passed, " + summary.getTotalFailureCount() + " failed");
        System.exit(summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() == 64 ? 0 : 1);
    }
}
JAVA
fi
junit="$m2/org/junit/jupiter/junit-jupiter-api/5.14.4/junit-jupiter-api-5.14.4.jar:$m2/org/junit/jupiter/junit-jupiter-engine/5.14.4/junit-jupiter-engine-5.14.4.jar"
junit="$junit:$m2/org/junit/platform/junit-platform-commons/1.14.4/junit-platform-commons-1.14.4.jar"
junit="$junit:$m2/org/junit/platform/junit-platform-engine/1.14.4/junit-platform-engine-1.14.4.jar"
junit="$junit:$m2/org/junit/platform/junit-platform-launcher/1.14.4/junit-platform-launcher-1.14.4.jar"
junit="$junit:$m2/org/opentest4j/opentest4j/1.3.0/opentest4j-1.3.0.jar:$m2/org/apiguardian/apiguardian-api/1.1.2/apiguardian-api-1.1.2.jar"
cp="$suite/suite.jar:$jar:$junit"
if [ ! -f "$suite/suite.jar" ] || [ "$jar" -nt "$suite/suite.jar" ]; then
  # shellcheck disable=SC2046
  "$java17/bin/javac" -nowarn -Xlint:none --release 17 -d "$suite/classes" -cp "$jar:$junit" \
      $(find "$suite/project/src/test/java" -name '*.java') > "$dir/javac.out" 2>&1 || { cat "$dir/javac.out" >&2; exit 1; }
  "$java17/bin/jar" cf "$suite/suite.jar" -C "$suite/classes" . -C "$suite/project/src/test/resources" .
  rm -f "$suite"/suite.jsa "$suite"/suite.aot
fi
[ -f "$suite/suite.jsa" ] || "$java17/bin/java" -XX:ArchiveClassesAtExit="$suite/suite.jsa" -cp "$cp" com.example.suite.RunSuite >/dev/null 2>&1
[ -f "$suite/suite.aot" ] || "$java25/bin/java" -XX:AOTCacheOutput="$suite/suite.aot" -cp "$cp" com.example.suite.RunSuite >/dev/null 2>&1
"$java17/bin/java" -cp "$cp" com.example.suite.RunSuite | grep -qx "64 passed, 0 failed" || { echo "the suite does not pass" >&2; exit 1; }

for j in "$java17" "$java25"; do RECEIPT_JAVA_HOME="$j" "$here/receipt" --version >/dev/null; done    # both launcher caches
if [ -n "$before_jar" ]; then
  # The earlier build in a tree of its own for the launcher (its jar, no sources: never stale), its caches made now.
  mkdir -p "$dir/before/cli/target"
  cp "$here/receipt" "$dir/before/receipt"; ln -sfn "$here/fixtures" "$dir/before/fixtures"
  if ! cmp -s "$before_jar" "$dir/before/cli/target/receipt.jar"; then
    rm -f "$dir/before/cli/target/"receipt-java*
    cp "$before_jar" "$dir/before/cli/target/receipt.jar"
  fi
  for j in "$java17" "$java25"; do RECEIPT_JAVA_HOME="$j" "$dir/before/receipt" --version >/dev/null; done
  bcp="$suite/suite.jar:$dir/before/cli/target/receipt.jar:$junit"
  [ "$suite/suite-before.jsa" -nt "$dir/before/cli/target/receipt.jar" ] \
    || "$java17/bin/java" -XX:ArchiveClassesAtExit="$suite/suite-before.jsa" -cp "$bcp" com.example.suite.RunSuite >/dev/null 2>&1
  [ "$suite/suite-before.aot" -nt "$dir/before/cli/target/receipt.jar" ] \
    || "$java25/bin/java" -XX:AOTCacheOutput="$suite/suite-before.aot" -cp "$bcp" com.example.suite.RunSuite >/dev/null 2>&1
  "$java17/bin/java" -cp "$bcp" com.example.suite.RunSuite | grep -qx "64 passed, 0 failed" || { echo "the suite does not pass on BEFORE_JAR" >&2; exit 1; }
fi
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
# timing.sh's timed, plus the CPU seconds (user + system): on a shared machine the wall time carries the load, the
# CPU time much less. Anything on stderr (a cache made again, a JVM warning) spoils the figure, so it stops the run.
timed() {
  local into="$1" start end rss user sys; shift
  start=$(date +%s%N)
  /usr/bin/time -f "%M %U %S" -o "$dir/time.out" env "$@" >"$dir/cmd.out" 2>"$dir/err.out" \
    || { echo "failed: $*" >&2; cat "$dir/err.out" >&2; exit 1; }
  end=$(date +%s%N)
  [ ! -s "$dir/err.out" ] || { echo "stderr of $*:" >&2; cat "$dir/err.out" >&2; exit 1; }
  read -r rss user sys < "$dir/time.out"
  echo "$(echo "($end - $start) / 1000000000" | bc -l) $rss $(echo "$user + $sys" | bc -l)" >>"$into"
}
date -u +"%Y-%m-%d %H:%M UTC"; echo "load: $(uptime | sed 's/.*load average: //'); $(nproc) cores; rounds: $rounds (medians)"
echo "java17: $("$java17/bin/java" -version 2>&1 | sed -n 2p)"
echo "java25: $("$java25/bin/java" -version 2>&1 | sed -n 2p)"
for r in $(seq "$rounds"); do
  for input in small text; do
    file=$small; [ $input = text ] && file=$text
    timed "$dir/$input.17.plain.times" "$java17/bin/java" "${flags[@]}" -jar "$jar" audit "$file" --json
    timed "$dir/$input.17.cache.times" RECEIPT_JAVA_HOME="$java17" "$here/receipt" audit "$file" --json
    timed "$dir/$input.25.plain.times" "$java25/bin/java" "${flags[@]}" -jar "$jar" audit "$file" --json
    timed "$dir/$input.25.cache.times" RECEIPT_JAVA_HOME="$java25" "$here/receipt" audit "$file" --json
    if [ -n "$before_jar" ]; then
      timed "$dir/$input.17.before.times" RECEIPT_JAVA_HOME="$java17" "$dir/before/receipt" audit "$file" --json
      timed "$dir/$input.25.before.times" RECEIPT_JAVA_HOME="$java25" "$dir/before/receipt" audit "$file" --json
    fi
  done
  timed "$dir/suite.17.plain.times" "$java17/bin/java" -cp "$cp" com.example.suite.RunSuite
  timed "$dir/suite.17.cache.times" "$java17/bin/java" -XX:SharedArchiveFile="$suite/suite.jsa" -cp "$cp" com.example.suite.RunSuite
  timed "$dir/suite.25.plain.times" "$java25/bin/java" -cp "$cp" com.example.suite.RunSuite
  timed "$dir/suite.25.cache.times" "$java25/bin/java" -XX:AOTCache="$suite/suite.aot" -cp "$cp" com.example.suite.RunSuite
  if [ -n "$before_jar" ]; then
    timed "$dir/suite.17.before.times" "$java17/bin/java" -XX:SharedArchiveFile="$suite/suite-before.jsa" -cp "$bcp" com.example.suite.RunSuite
    timed "$dir/suite.25.before.times" "$java25/bin/java" -XX:AOTCache="$suite/suite-before.aot" -cp "$bcp" com.example.suite.RunSuite
  fi
done
echo "load after: $(uptime | sed 's/.*load average: //')"
table() { # column of the .times files (1 wall s, 3 CPU s), its name
  printf '%-30s %9s %9s %9s %9s %11s %9s\n' "$2" 17_plain 17_cds 25_plain 25_aot 17cds/25aot 25_aot_MB
  for input in small text suite; do
    case $input in small) label="audit trace.json (small)" ;; text) label="audit 100 MB TORCH_LOGS text" ;; *) label="JUnit suite, 64 tests" ;; esac
    a=$(median "$dir/$input.17.plain.times" "$1"); b=$(median "$dir/$input.17.cache.times" "$1")
    c=$(median "$dir/$input.25.plain.times" "$1"); d=$(median "$dir/$input.25.cache.times" "$1")
    printf '%-30s %9.3f %9.3f %9.3f %9.3f %11.2f %9.0f\n' "$label" "$a" "$b" "$c" "$d" "$(echo "$b / $d" | bc -l)" \
      "$(echo "$(median "$dir/$input.25.cache.times" 2) / 1024" | bc -l)"
  done
}
table 1 "wall seconds (medians)"
table 3 "CPU seconds, user + system"
[ -n "$before_jar" ] || exit 0
pairs() { # column of the .times files (1 wall s, 3 CPU s), its name: BEFORE_JAR against now, each with its cache
  printf '%-30s %9s %9s %9s %9s %9s %9s\n' "$2" 17_before 17_now now/bef 25_before 25_now now/bef
  for input in small text suite; do
    case $input in small) label="audit trace.json (small)" ;; text) label="audit 100 MB TORCH_LOGS text" ;; *) label="JUnit suite, 64 tests" ;; esac
    a=$(median "$dir/$input.17.before.times" "$1"); b=$(median "$dir/$input.17.cache.times" "$1")
    c=$(median "$dir/$input.25.before.times" "$1"); d=$(median "$dir/$input.25.cache.times" "$1")
    printf '%-30s %9.3f %9.3f %9.2f %9.3f %9.3f %9.2f\n' "$label" "$a" "$b" "$(echo "$b / $a" | bc -l)" "$c" "$d" "$(echo "$d / $c" | bc -l)"
  done
}
pairs 1 "BEFORE_JAR and now, wall s"
pairs 3 "BEFORE_JAR and now, CPU s"
