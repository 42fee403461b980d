#!/usr/bin/env bash
# Release rehearsal: what a consumer of Maven Central would get, without Central and without this reactor.
#
#  1. Copies this work tree and gives it the release version (0.1.0-SNAPSHOT -> 0.1.0; set
#     REHEARSAL_VERSION to choose another), then deploys every published module (parent, BOM,
#     core, extension, assertions, cli) to a file repository, target/release-rehearsal/repo. Nothing is
#     installed into the local repository.
#  2. Checks what was deployed: jar, -sources.jar and -javadoc.jar of each jar module, the CLI's
#     runnable -all.jar, the POMs with the metadata Central requires, a BOM naming every jar module.
#  3. Builds a copy of example-project (it imports the BOM and names the artifacts without versions)
#     offline, against that repository alone, with a fresh local repository that holds the
#     third-party artifacts only (copied from yours, without dev/compilereceipt): the parent, the
#     BOM and the artifacts must all come from the deployed repository. Its tests must pass.
#     Then builds example-project-0.1, the 0.1 README's tests, the same way: it must pass, with a
#     removal warning at each name 0.2 moved.
#  4. Runs `java -jar compile-receipt-cli-<version>-all.jar audit fixtures/print-bridge/trace.json`
#     from the deployed repository.
#
# Step 1 runs online (the deploy plugin refuses offline mode) but finds everything in your local
# repository after `mvn verify`; step 3 is always offline.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
local_repo=${MAVEN_LOCAL_REPOSITORY:-$HOME/.m2/repository}
out=$root/target/release-rehearsal
start=$(date +%s)
rm -rf "$out"
mkdir -p "$out"
step() { printf '== %s\n' "$*"; }
fail() { echo "release-rehearsal: $*" >&2; exit 1; }

version=$(python3 -c 'import xml.etree.ElementTree as E; n={"m": "http://maven.apache.org/POM/4.0.0"}; print(E.parse("pom.xml").find("m:version", n).text)')
release=${REHEARSAL_VERSION:-${version%-SNAPSHOT}}

step "copy of the work tree at $release (from $version)"
src=$out/src
mkdir -p "$src"
git ls-files -z --cached --others --exclude-standard -- pom.xml LICENSE bom core extension assertions cli example-project example-project-0.1 |
    while IFS= read -r -d '' f; do [ -f "$f" ] && printf '%s\0' "$f"; done | tar --null -T - -cf - | tar -xf - -C "$src"
python3 - "$src" "$version" "$release" <<'EOF'
import pathlib, sys, xml.etree.ElementTree as E
src, version, release = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
n = {"m": "http://maven.apache.org/POM/4.0.0"}
for pom in sorted(src.glob("**/pom.xml")):
    model = E.parse(pom).getroot()
    group = model.findtext("m:groupId", None, n) or model.findtext("m:parent/m:groupId", None, n)
    own = model.findtext("m:version", None, n) or model.findtext("m:parent/m:version", None, n)
    if group == "dev.compilereceipt" and own != version:
        sys.exit(f"release-rehearsal: {pom.relative_to(src)} is at {own}, the reactor at {version}")
    text = pom.read_text(encoding="utf-8")
    pom.write_text(text.replace(f">{version}<", f">{release}<"), encoding="utf-8")
EOF

step "deploy every published module to $out/repo"
repo=$out/repo
# The deploy plugin refuses offline mode; with the dependencies in the local repository nothing is downloaded.
(cd "$src" && mvn -q -B -DskipTests -Dmaven.install.skip=true -pl '!example-project,!example-project-0.1' deploy \
    -DaltDeploymentRepository="rehearsal::file://$repo" >"$out/deploy.log" 2>&1) \
    || { tail -50 "$out/deploy.log" >&2; fail "deploy failed, see $out/deploy.log"; }

step "what was deployed"
python3 - "$repo" "$release" <<'EOF'
import pathlib, sys, zipfile, xml.etree.ElementTree as E
repo, release = pathlib.Path(sys.argv[1]), sys.argv[2]
n = {"m": "http://maven.apache.org/POM/4.0.0"}
group = repo / "dev" / "compilereceipt"
problems = []
def need(path):
    if not path.is_file() or path.stat().st_size == 0:
        problems.append(f"missing {path.relative_to(repo)}")
        return False
    for digest in ("sha1", "md5"):
        if not path.with_name(path.name + "." + digest).is_file():
            problems.append(f"no .{digest} beside {path.name}")
    return True
def pom(artifact):
    path = group / artifact / release / f"{artifact}-{release}.pom"
    return E.parse(path).getroot() if need(path) else None

parent = pom("compile-receipt-parent")
bom = pom("compile-receipt-bom")
for name, model in (("compile-receipt-parent", parent), ("compile-receipt-bom", bom)):
    if model is None:
        continue
    for field in ("name", "description", "url", "licenses/m:license/m:name", "licenses/m:license/m:url",
                  "developers/m:developer/m:name", "scm/m:url", "scm/m:connection"):
        if not (model.findtext("m:" + field, "", n) or "").strip():
            problems.append(f"{name}.pom has no {field.replace('m:', '')}")
modules = ["compile-receipt-core", "compile-receipt-extension", "compile-receipt-assertions", "compile-receipt-cli"]
for artifact in modules:
    model = pom(artifact)
    if model is not None:
        if model.findtext("m:parent/m:artifactId", "", n) != "compile-receipt-parent" \
                or model.findtext("m:parent/m:version", "", n) != release:
            problems.append(f"{artifact}.pom does not inherit compile-receipt-parent {release}")
        if not model.findtext("m:name", "", n) or not model.findtext("m:description", "", n):
            problems.append(f"{artifact}.pom has no name or description")
    base = group / artifact / release / f"{artifact}-{release}"
    for suffix in (".jar", "-sources.jar", "-javadoc.jar"):
        path = pathlib.Path(f"{base}{suffix}")
        if need(path):
            names = zipfile.ZipFile(path).namelist()
            wanted = {".jar": ".class", "-sources.jar": ".java", "-javadoc.jar": "index.html"}[suffix]
            if not any(name.endswith(wanted) for name in names):
                problems.append(f"{path.name} holds no {wanted}")
            # A plain jar declares its dependencies and carries only this project's classes: another package (the
            # CLI's compiled picocli, left unrelocated) would sit on a user's path beside the real one.
            foreign = sorted({name.rsplit("/", 1)[0] for name in names if name.endswith(".class")
                              and not name.startswith("dev/compilereceipt/") and not name.endswith("module-info.class")})
            if suffix == ".jar" and foreign:
                problems.append(f"{path.name} carries classes outside dev/compilereceipt: {', '.join(foreign[:3])}")
runnable = pathlib.Path(f"{group}/compile-receipt-cli/{release}/compile-receipt-cli-{release}-all.jar")
if need(runnable):
    manifest = zipfile.ZipFile(runnable).read("META-INF/MANIFEST.MF").decode()
    if "Main-Class: dev.compilereceipt.cli.ReceiptCommand" not in manifest:
        problems.append(f"{runnable.name} has no Main-Class")
if bom is not None:
    pinned = {(d.findtext("m:artifactId", "", n), d.findtext("m:classifier", "", n))
              for d in bom.findall("m:dependencyManagement/m:dependencies/m:dependency", n)}
    for artifact in modules:
        if (artifact, "") not in pinned:
            problems.append(f"the BOM does not pin {artifact}")
    if ("compile-receipt-cli", "all") not in pinned:
        problems.append("the BOM does not pin compile-receipt-cli:all")
deployed = sorted(str(p.relative_to(repo)) for p in group.rglob(f"{release}/*") if p.suffix in (".jar", ".pom"))
for path in deployed:
    print("  " + path)
if problems:
    print("release-rehearsal: the deployed repository is not what Central needs:", file=sys.stderr)
    for problem in problems:
        print("  " + problem, file=sys.stderr)
    sys.exit(1)
EOF

step "example-project against the deployed repository alone (offline, no dev.compilereceipt in the local repository)"
m2=$out/m2
mkdir -p "$m2"
(cd "$local_repo" && tar --exclude=./dev/compilereceipt -cf - .) | tar -xf - -C "$m2"
[ ! -e "$m2/dev/compilereceipt" ] || fail "the seeded local repository holds dev/compilereceipt"
cat >"$out/settings.xml" <<EOF
<settings>
  <localRepository>$m2</localRepository>
  <profiles>
    <profile>
      <id>rehearsal</id>
      <repositories>
        <repository>
          <id>rehearsal</id>
          <url>file://$repo</url>
        </repository>
      </repositories>
    </profile>
  </profiles>
  <activeProfiles>
    <activeProfile>rehearsal</activeProfile>
  </activeProfiles>
</settings>
EOF
consumer=$out/consumer
cp -r "$src/example-project" "$consumer"
rm -rf "$consumer/target"
# -o: no network at all; aether.offline.protocols=file: but the file repository may be read.
(cd "$consumer" && mvn -B -o -Daether.offline.protocols=file -s "$out/settings.xml" verify >"$out/consumer.log" 2>&1) \
    || { grep -E "ERROR|FAIL" "$out/consumer.log" | head -30 >&2; fail "example-project did not build against the deployed repository, see $out/consumer.log"; }
grep -h "Tests run:" "$out/consumer.log" | tail -1 | sed 's/^\[[A-Z]*\] */  example-project: /'
for artifact in compile-receipt-parent compile-receipt-bom compile-receipt-core compile-receipt-extension compile-receipt-assertions; do
    marker="$m2/dev/compilereceipt/$artifact/$release/_remote.repositories"
    grep -q ">rehearsal=" "$marker" 2>/dev/null || fail "$artifact $release was not resolved from the deployed repository"
    echo "  $artifact $release: resolved from the deployed repository"
done

step "example-project-0.1 (the 0.1 README's tests, unchanged) against the deployed repository: removal warnings, and it passes"
legacy=$out/consumer-0.1
cp -r "$src/example-project-0.1" "$legacy"
rm -rf "$legacy/target"
(cd "$legacy" && mvn -B -o -Daether.offline.protocols=file -s "$out/settings.xml" verify >"$out/consumer-0.1.log" 2>&1) \
    || { grep -E "ERROR|FAIL" "$out/consumer-0.1.log" | head -30 >&2; fail "example-project-0.1 did not build against the deployed repository, see $out/consumer-0.1.log"; }
for moved in "dev.compilereceipt.Receipt in dev.compilereceipt has been deprecated and marked for removal" \
             "dev.compilereceipt.PhaseFigures in dev.compilereceipt has been deprecated and marked for removal" \
             "dev.compilereceipt.Phase in dev.compilereceipt has been deprecated and marked for removal" \
             "dev.compilereceipt.BreakKind in dev.compilereceipt has been deprecated and marked for removal" \
             "comparison() in dev.compilereceipt.assertj.ReceiptAssert has been deprecated and marked for removal"; do
    grep -qF "$moved" "$out/consumer-0.1.log" || fail "example-project-0.1 compiled without the warning: $moved"
done
echo "  example-project-0.1: $(grep -c 'has been deprecated and marked for removal' "$out/consumer-0.1.log") removal warnings at the 0.1 names"
grep -h "Tests run:" "$out/consumer-0.1.log" | tail -1 | sed 's/^\[[A-Z]*\] */  example-project-0.1: /'

step "java -jar compile-receipt-cli-$release-all.jar from the deployed repository"
cli="$repo/dev/compilereceipt/compile-receipt-cli/$release/compile-receipt-cli-$release-all.jar"
printed=$(java -jar "$cli" --version)
[ "$printed" = "compile-receipt $release" ] || fail "--version printed '$printed', expected 'compile-receipt $release'"
echo "  --version: $printed"
java -jar "$cli" audit "$root/fixtures/print-bridge/trace.json" >"$out/audit.txt" || fail "audit failed"
sed -n '1,3p' "$out/audit.txt" | sed 's/^/  audit: /'
# picocli is relocated into the jar's own package by its class names, so the system properties it reads keep theirs.
java -Dpicocli.ansi=true -jar "$cli" --help | grep -q $'\e\[' || fail "-Dpicocli.ansi=true gave no ANSI colours: picocli's properties were renamed"
echo "  -Dpicocli.ansi=true: coloured help"
step "docs/cli.md: the CLI without this repository, as a user runs it"
# The coordinates and the one java -jar line of docs/cli.md's "Without this repository" name the jar deployed here
# (at the project's version, which the rehearsal releases as $release) and run as written beside a trace.json.
section=$(sed -n '/^## Without this repository/,/^## Commands/p' docs/cli.md)
coords=$(grep -o 'dev\.compilereceipt:compile-receipt-cli:[^ ]*:jar:all' <<<"$section" | head -1)
[ "$coords" = "dev.compilereceipt:compile-receipt-cli:$version:jar:all" ] \
    || fail "docs/cli.md names '$coords', expected dev.compilereceipt:compile-receipt-cli:$version:jar:all"
line=$(grep -m1 '^java -jar ' <<<"$section") || fail "docs/cli.md has no java -jar line under 'Without this repository'"
read -ra words <<<"$line"
[ "${words[2]}" = "compile-receipt-cli-$version-all.jar" ] || fail "docs/cli.md runs ${words[2]}, not the jar its coordinates fetch"
user=$out/cli-user
mkdir -p "$user"
cp "$cli" "$user/${words[2]}"
cp "$root/fixtures/print-bridge/trace.json" "$user/trace.json"
(cd "$user" && java -jar "${words[2]}" "${words[@]:3}") >"$out/cli-user.txt" || fail "docs/cli.md's line failed: $line"
case "$(head -1 "$out/cli-user.txt")" in "receipt of print-bridge "*) ;; *) fail "docs/cli.md's line printed no receipt of print-bridge";; esac
echo "  $line: $(head -1 "$out/cli-user.txt")"
rm -rf "$m2"   # 0.5 GB of third-party artifacts; the rest stays for inspection
echo "release-rehearsal: $release deployed to $repo and consumed from it alone ($(( $(date +%s) - start )) s)"
