#!/usr/bin/env bash
# Reproducible builds: builds the published modules twice, each in its own copy of this work tree
# (different absolute paths, time zones, umasks and start times), and compares every jar they make
# (the module jars, their -sources and -javadoc jars, the runnable CLI jar) byte for byte.
# Exits 0 only when every jar is identical; otherwise names the jars and the entries that differ.
#
# project.build.outputTimestamp (root pom.xml) is what makes this hold. Dependencies must be in the
# local repository (run after `mvn verify`), or set MVN_OFFLINE= to let Maven download them.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
offline=${MVN_OFFLINE--o}
out=$root/target/reproducible
rm -rf "$out"
mkdir -p "$out"
start=$(date +%s)

# What the published modules are built from: tracked and new (not ignored) files, as they are now.
sources() {
    git ls-files -z --cached --others --exclude-standard -- pom.xml LICENSE bom core extension assertions cli example-project example-project-0.1 |
        while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done
}

build() { # build NAME TZ UMASK
    local dir=$out/$1
    mkdir -p "$dir"
    sources | tar --null -T - -cf - | tar -xmf - -C "$dir"   # -m: fresh mtimes, as in a new clone
    echo "== build $1 in $dir (TZ=$2, umask $3)"
    (cd "$dir" && umask "$3" && TZ=$2 mvn -q -B $offline -DskipTests package -pl bom,core,extension,assertions,cli \
        >"$out/$1.log" 2>&1) || { echo "reproducible: build $1 failed, see $out/$1.log" >&2; exit 1; }
}

build a UTC 022
sleep 2   # a later clock: a time stamp that leaks into an archive shows up as a difference
build b-second-copy-at-a-longer-path Pacific/Kiritimati 002

b=$out/b-second-copy-at-a-longer-path
jars=$(cd "$out/a" && find . -path '*/target/*.jar' ! -name 'original-*' | sort)
[ -n "$jars" ] || { echo "reproducible: no jars built" >&2; exit 1; }
different=0
for jar in $jars; do
    if [ ! -f "$b/$jar" ]; then
        echo "MISSING  $jar (only in the first build)"; different=1; continue
    fi
    sum_a=$(sha256sum <"$out/a/$jar" | cut -c1-64)
    sum_b=$(sha256sum <"$b/$jar" | cut -c1-64)
    if [ "$sum_a" = "$sum_b" ]; then
        echo "same     $sum_a  ${jar#./}"
    else
        echo "DIFFERS  ${jar#./}: $sum_a vs $sum_b"; different=1
        diff <(zipinfo -l "$out/a/$jar" | tail -n +3) <(zipinfo -l "$b/$jar" | tail -n +3) | head -20 || true
    fi
done
extra=$(cd "$b" && find . -path '*/target/*.jar' ! -name 'original-*' | sort | comm -13 <(echo "$jars") -)
[ -z "$extra" ] || { echo "MISSING  $extra (only in the second build)"; different=1; }

if [ "$different" -ne 0 ]; then
    echo "reproducible: the two builds differ (copies kept under $out)" >&2
    exit 1
fi
echo "reproducible: $(echo "$jars" | wc -l) jars identical across two builds ($(( $(date +%s) - start )) s)"
rm -rf "$out"
