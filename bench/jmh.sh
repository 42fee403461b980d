#!/usr/bin/env bash
# The JMH benchmarks (benchmarks/, outside the default build): the 64-call trace read and receipted, the five
# mutants and the oracle on it, and the suite overhead of @TraceFixture (200 tests on one fixture, with the
# extension and with the receipt built by hand; warm, and cold in fresh JVMs). Arguments go to JMH
# (bench/jmh.sh SmallTrace runs one class). Run it on a quiet machine: on a shared one, hold the team's build
# lock around the measurement (the build itself takes it first).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
${MVN:-mvn} -q -B -Pbenchmarks -pl benchmarks -am -DskipTests -Dmaven.javadoc.skip -Dmaven.source.skip package
${MVN:-mvn} -q -B -Pbenchmarks -pl benchmarks dependency:build-classpath -Dmdep.outputFile=target/jmh.classpath
# The extension's classes of this tree come first: build-classpath without -am resolves the extension from the
# local repository, which holds whatever was last installed, not the code just built.
cp="$here/benchmarks/target/classes:$here/core/target/classes:$here/extension/target/classes:$(cat "$here/benchmarks/target/jmh.classpath")"
# WarmImport needs a log named (-p log=PATH, gigabytes): it runs only when asked for.
[ $# -gt 0 ] || set -- -e WarmImport
${LOCK:-} java -Dcompilereceipt.fixtures.dir="$here/fixtures" -cp "$cp" org.openjdk.jmh.Main "$@"
