#!/usr/bin/env bash
# The API compatibility check fails once: in a scratch copy of this work tree, one public method of
# core (Limits.withMaxDocumentBytes, which nothing in the tree calls) is removed, and
# ApiCompatibilityTest must then fail naming it; a check that matched nothing would pass on any API.
# Run after `mvn verify` (dependencies in the local repository); offline.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(pwd)/target/api-check-fails
rm -rf "$out"
mkdir -p "$out"
git ls-files -z --cached --others --exclude-standard -- pom.xml LICENSE bom core extension assertions cli example-project example-project-0.1 api fixtures |
    while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done | tar --null -T - -cf - | tar -xf - -C "$out"
limits=$out/core/src/main/java/dev/compilereceipt/trace/Limits.java
python3 - "$limits" <<'PY'
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
method = '''    /** The largest {@code compile-trace/1} file, in bytes, that is read at all. */
    public Limits withMaxDocumentBytes(long bytes) {
        return with(3, bytes);
    }
'''
if method not in text:
    sys.exit("api-check-fails: Limits.withMaxDocumentBytes is not where this script expects it; choose another method")
open(path, "w", encoding="utf-8").write(text.replace(method, ""))
PY
log=$out/check.log
if (cd "$out" && mvn -B -o -pl assertions -am test -Dtest=ApiCompatibilityTest -Dsurefire.failIfNoSpecifiedTests=false \
        -Dmaven.javadoc.skip -Dmaven.source.skip >"$log" 2>&1); then
    echo "api-check-fails: the check passed with a public method removed, see $log" >&2
    exit 1
fi
expected="dev.compilereceipt.trace.Limits: method public dev.compilereceipt.trace.Limits withMaxDocumentBytes(long)"
grep -qF "$expected" "$log" || { echo "api-check-fails: the build failed, but not naming the removed method; see $log" >&2; exit 1; }
echo "api-check-fails: removing Limits.withMaxDocumentBytes fails the build, naming it:"
grep -F -m1 "removed or changed without a deprecation" "$log" | sed 's/^/  /'
echo "  $expected"
