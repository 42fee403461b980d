#!/usr/bin/env bash
# The receipt command against inputs a shell hands it: a pipe, process substitution, /dev/stdin,
# "-", a named FIFO; and a heap too small for the trace. Every command runs under -Xmx64m (the
# launcher passes JAVA_OPTS) and within 30 s; each prints one line here, and the script fails on
# the first check that does not hold. The table is docs/hostile-input.md.
set -euo pipefail
cd "$(dirname "$0")/.."

export JAVA_OPTS="-Xmx64m"
trace=fixtures/print-bridge/trace.json
trace_abs=$PWD/$trace
log=fixtures/torch-2.14/print-bridge/torch_trace.log
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checks=0

fail() { echo "hostile-cli: $*" >&2; exit 1; }
ok() { checks=$((checks + 1)); echo "ok: $*"; }

./receipt audit "$trace" > "$work/file.txt"
./receipt audit "$log" > "$work/log-file.txt"

same_as_file() { # name, expected, command...
  local name=$1 expected=$2; shift 2
  if ! timeout 30 "$@" > "$work/out.txt" 2> "$work/err.txt"; then
    fail "$name: exit $? ($(head -c 300 "$work/err.txt"))"
  fi
  cmp -s <(grep -v -E "$named" "$work/out.txt") <(grep -v -E "$named" "$expected") \
    || fail "$name: the receipt differs from that of the file"
  ok "$name gives the receipt of the file"
}

# A receipt names the files it was read from (fixture.sources: "read from" and receipt_sha256 over it), so a pipe
# or /dev/fd/63 is named as itself; the trace's hash and every figure are the file's.
named='^(read from |receipt_sha256 )'
# A TORCH_TRACE log's fixture is named after its file, so standard input names it "(standard input)":
# the name and the hashes over it differ, every figure below them is the file's.
header='^(receipt of |read from |trace_sha256 |receipt_sha256 )'

same_figures() { # name, expected, command...
  local name=$1 expected=$2; shift 2
  if ! timeout 30 "$@" > "$work/out.txt" 2> "$work/err.txt"; then
    fail "$name: exit $? ($(head -c 300 "$work/err.txt"))"
  fi
  cmp -s <(grep -v -E "$header" "$work/out.txt") <(grep -v -E "$header" "$expected") \
    || fail "$name: the figures differ from those of the file"
  ok "$name gives the figures of the file"
}

same_as_file "process substitution" "$work/file.txt" bash -c "./receipt audit <(cat $trace)"
same_as_file "a pipe into /dev/stdin" "$work/file.txt" bash -c "cat $trace | ./receipt audit /dev/stdin"
same_as_file "- for standard input" "$work/file.txt" bash -c "./receipt audit - < $trace"
same_figures "a TORCH_TRACE log through a pipe" "$work/log-file.txt" bash -c "cat $log | ./receipt audit -"
same_figures "a TORCH_TRACE log through /dev/stdin" "$work/log-file.txt" bash -c "cat $log | ./receipt audit /dev/stdin"

mkfifo "$work/fifo"
(cat "$trace" > "$work/fifo") &
same_as_file "a named FIFO" "$work/file.txt" ./receipt audit "$work/fifo"
wait

# Outputs take the mode new files get (0666 less the umask, like cp) and a replaced file keeps its
# own; createTempFile's 0600 is never left on a page or a CSV (docs/hostile-input.md, "Every file the tool writes").
mode_of() { stat -c %a "$1"; }
(umask 022; ./receipt report "$trace" -o "$work/page.html"; ./receipt audit "$trace" --csv "$work/csv" > /dev/null)
[[ $(mode_of "$work/page.html") == 644 && $(mode_of "$work/csv/ledger.csv") == 644 ]] \
  || fail "umask 022: page $(mode_of "$work/page.html"), ledger $(mode_of "$work/csv/ledger.csv"), expected 644"
(umask 027; ./receipt report "$trace" -o "$work/page-027.html")
[[ $(mode_of "$work/page-027.html") == 640 ]] || fail "umask 027: page $(mode_of "$work/page-027.html"), expected 640"
(umask 077; ./receipt report "$trace" -o "$work/page.html")
[[ $(mode_of "$work/page.html") == 644 ]] || fail "a replaced 0644 page became $(mode_of "$work/page.html")"
ok "outputs follow the umask and a replaced file keeps its mode"

# Half a million distinct dropped record kinds (35 MB): freeze counts them in a 64 MiB heap and
# prints one bounded line, where it ran out of memory (and printed 10.5 MB at the default heap).
kinds="$work/kinds.log"
python3 - "$log" "$kinds" <<'PY'
import shutil, sys
shutil.copy(sys.argv[1], sys.argv[2])
with open(sys.argv[2], "a") as out:
    for i in range(500000):
        out.write('V1201 06:04:40.000000 24391 capture.py:50] {"k%013d": {}}\n' % i)
PY
timeout 30 ./receipt freeze "$kinds" -o "$work/kinds.frozen.log" > "$work/freeze.txt" 2> "$work/err.txt" \
  || fail "freeze of 500,000 kinds: exit $? ($(head -c 300 "$work/err.txt"))"
[[ $(head -n 1 "$work/freeze.txt" | wc -c) -lt 1000 ]] || fail "freeze of 500,000 kinds: a $(head -n 1 "$work/freeze.txt" | wc -c)-byte summary"
grep -q "and 500002 more records of other kinds); " "$work/freeze.txt" || fail "freeze of 500,000 kinds: $(head -c 300 "$work/freeze.txt")"
ok "freeze counts 500,000 dropped kinds in 64 MiB with a one-line summary"

# TORCH_LOGS text of two ranks: --rank through a pipe, a process substitution and a FIFO reads the input once
# (it was refused as having no [rankN]: tags, and hung on the FIFO: the input was opened three times).
ranked="$work/ranks.log"
{ sed 's/^/[rank0]:/' fixtures/torch-logs/2.14-print-bridge/torch_logs.txt
  sed 's/^/[rank1]:/' fixtures/torch-logs/2.14-int-spec/torch_logs.txt; } > "$ranked"
./receipt audit "$ranked" --rank 1 > "$work/rank-file.txt"
same_figures "--rank through a pipe into /dev/stdin" "$work/rank-file.txt" bash -c "cat $ranked | ./receipt audit /dev/stdin --rank 1"
same_figures "--rank through process substitution" "$work/rank-file.txt" bash -c "./receipt audit <(cat $ranked) --rank 1"
mkfifo "$work/ranks.fifo"
(cat "$ranked" > "$work/ranks.fifo") &
same_figures "--rank from a named FIFO" "$work/rank-file.txt" ./receipt audit "$work/ranks.fifo" --rank 1
wait

# Endless input is refused at a stated bound: 2^27 lines of TORCH_LOGS text (docs/hostile-input.md, "Endless and
# growing input"; /dev/zero's 16 GiB bound takes longer than this script allows, and is measured there).
set +e
timeout 90 bash -c "yes | ./receipt audit -" > /dev/null 2> "$work/yes.txt"
code=$?
set -e
[[ $code -eq 2 ]] || fail "yes: exit $code, expected 2 ($(head -c 300 "$work/yes.txt"))"
grep -qx "receipt: refused: (standard input): (document) (line 134217729): more than 134217728 lines, the most this reader reads of a text: endless input (yes |, a log still being written)? Give a finished log as a file" "$work/yes.txt" \
  || fail "yes: $(cat "$work/yes.txt")"
ok "endless lines (yes |) are refused at 2^27 lines"

# A bound is checked while the text is read, before what it bounds is allocated: a 13.5 MB recompile message of
# 1.5 million bullet lines gets the string-limit refusal in 64 MiB too (it ran out of memory).
bullets="$work/bullets.log"
python3 - "$bullets" <<'PY'
import sys
with open(sys.argv[1], "w") as out:
    out.write("Recompiling function f in /x/m.py:1\n    triggered by the following guard failure(s):\n    - 0/0: x\n")
    out.write("    - gg\n" * 1_500_000)
PY
set +e
timeout 30 ./receipt audit "$bullets" > /dev/null 2> "$work/bullets.txt"
code=$?
set -e
[[ $code -eq 2 ]] || fail "bullets: exit $code, expected 2 ($(head -c 300 "$work/bullets.txt"))"
grep -q "^receipt: refused: $bullets: (document) (line 1500004): a string of 4500006 characters, over the limit of 1048576 (max_string_length;" \
  "$work/bullets.txt" || fail "bullets: $(cat "$work/bullets.txt")"
ok "a recompile of 1.5 million lines is refused at the string limit in 64 MiB"

# A heap far too small for a log whose limits were raised: 400 compiles each reporting a distinct
# 60 KB break site keep 24 MB of text. One line naming the trace and what to raise, exit 1, no stack trace.
big="$work/long-sites.log"
python3 - "$big" <<'PY'
import sys
prefix = "V1129 07:59:13.414000 21527 torch/_dynamo/utils.py:1318] "
name = "d" * 60000
with open(sys.argv[1], "w") as out:
    for i in range(400):
        out.write(prefix + '{"dynamo_start": {}, "frame_id": %d, "frame_compile_id": 0, "attempt": 0}\n' % i)
        out.write(prefix + '{"artifact": {"name": "dynamo_graph_break_reason", "encoding": "string"}, "frame_id": %d,'
                  ' "frame_compile_id": 0, "attempt": 0}\n\tGraph break in user code at /x/%s%d.py:1\n\tReason: print\n' % (i, name, i))
        out.write(prefix + '{"compilation_metrics": {"has_guarded_code": true, "cache_size": 0}, "frame_id": %d,'
                  ' "frame_compile_id": 0, "attempt": 0}\n' % i)
PY
set +e
JAVA_OPTS="-Xmx16m" timeout 30 ./receipt audit --max-kept-chars 1000000000 "$big" > /dev/null 2> "$work/oom.txt"
code=$?
set -e
[[ $code -eq 1 ]] || fail "out of memory: exit $code, expected 1 ($(head -c 300 "$work/oom.txt"))"
[[ $(wc -l < "$work/oom.txt") -eq 1 ]] || fail "out of memory: $(wc -l < "$work/oom.txt") lines on stderr, expected 1"
grep -q "^receipt: $big: ran out of memory; raise the heap" "$work/oom.txt" || fail "out of memory: $(cat "$work/oom.txt")"
ok "an exhausted heap ends in one line naming the trace"

# receipt diff: a receipt JSON is told by content, so it is a receipt through a pipe as in a file, and
# standard input is read once, for one side.
./receipt audit --json "$trace" > "$work/receipt.json"
diff_equal() { # name, command...
  local name=$1; shift
  if ! timeout 30 "$@" > "$work/out.txt" 2> "$work/err.txt"; then
    fail "$name: exit $? ($(head -c 300 "$work/err.txt"))"
  fi
  # The figures' verdict, then what the cache keys say (not measured: a receipt holds none).
  grep -qx "no figure differs" "$work/out.txt" || fail "$name: $(head -c 300 "$work/out.txt")"
  ok "$name is read as the receipt it is"
}
diff_equal "a receipt through process substitution" bash -c "./receipt diff <(cat $work/receipt.json) $trace"
diff_equal "a receipt on - for standard input" bash -c "./receipt diff - $trace < $work/receipt.json"
diff_equal "a receipt through a pipe into /dev/stdin" bash -c "cat $work/receipt.json | ./receipt diff $trace /dev/stdin"
diff_equal "a trace on - beside its receipt" bash -c "./receipt diff $work/receipt.json - < $trace"
set +e
timeout 30 ./receipt diff - - < "$work/receipt.json" > /dev/null 2> "$work/err.txt"
code=$?
set -e
[[ $code -eq 2 ]] || fail "diff - -: exit $code, expected 2"
[[ $(cat "$work/err.txt") == "receipt: refused: -: (document): standard input can be read once: give - for one side only" ]] \
  || fail "diff - -: $(cat "$work/err.txt")"
ok "diff - - is refused in one line"

# A torch.profiler trace with its log: through a pipe and, gzip-compressed, through process substitution,
# it gives the figures of the file (its fixture is named after the file, hence only the figures).
profile=fixtures/profiler/2.14-plain/profile.json
profile_log=fixtures/profiler/2.14-plain/torch_trace.log
phases=steady=0-3,changed=4,steady=5
./receipt audit "$profile" --log "$profile_log" --phases "$phases" > "$work/profile-file.txt"
same_figures "a torch.profiler trace through /dev/stdin" "$work/profile-file.txt" \
  bash -c "cat $profile | ./receipt audit /dev/stdin --log $profile_log --phases $phases"
same_figures "a gzipped torch.profiler trace and its log through process substitution" "$work/profile-file.txt" \
  bash -c "./receipt audit <(gzip -c $profile) --log <(cat $profile_log) --phases $phases"

# --causes names no fixture and no hash: a TORCH_TRACE log's causes through a pipe are the bytes of the file's,
# and 2.14's multi-line guard failures come out as their first lines, never with \u000a escapes.
./receipt audit --causes fixtures/torch-2.14/int-spec/torch_trace.log > "$work/causes-file.txt"
same_as_file "--causes of a TORCH_TRACE log through a pipe" "$work/causes-file.txt" \
  bash -c "cat fixtures/torch-2.14/int-spec/torch_trace.log | ./receipt audit --causes -"
! grep -q 'u000a' "$work/causes-file.txt" || fail "--causes printed an escaped line break: $(grep -m1 'u000a' "$work/causes-file.txt")"

# The launcher (#42, round four): a checkout at a path with a space (and a %), a newline, a leading dash runs every
# command with its start-up cache; a cache cut short or changed in place is made again, said in one line on stderr,
# where Java 17 crashed with SIGBUS; a cache path that is a folder is left alone; a crash leaves nothing in the
# user's folder. Each JDK: the default one, and Java 25 (its AOT cache) where installed (RECEIPT_TEST_JAVA25).
# The copies hold what a run needs: the launcher, the jar, the training run's fixtures.
copies="$work/copies"
cwd="$work/cwd"
mkdir -p "$copies" "$cwd"
copy_checkout() { # folder
  mkdir -p "$1/cli/target" "$1/fixtures/print-bridge"
  cp receipt "$1/"
  cp cli/target/receipt.jar "$1/cli/target/"
  cp fixtures/print-bridge/trace.json fixtures/print-bridge/torch_trace.log "$1/fixtures/print-bridge/"
  for capture in 2.14-print-bridge 2.6-fallback 2.6-int-spec; do
    mkdir -p "$1/fixtures/torch-logs/$capture"
    cp "fixtures/torch-logs/$capture/torch_logs.txt" "$1/fixtures/torch-logs/$capture/"
  done
}
launch() { # expected-stderr-lines, folder, launcher-path, arguments... (runs in $cwd; 60 s: a run may make the cache)
  local lines=$1 folder=$2; shift 2
  if ! (cd "$cwd" && timeout 60 "$@" > "$work/out.txt" 2> "$work/err.txt"); then
    fail "launcher in $(printf %q "$folder"): exit $? ($(head -c 300 "$work/err.txt"))"
  fi
  cmp -s "$work/out.txt" "$work/file.txt" || fail "launcher in $(printf %q "$folder"): the receipt differs from that of the file"
  [[ $(wc -l < "$work/err.txt") -eq $lines ]] \
    || fail "launcher in $(printf %q "$folder"): $(wc -l < "$work/err.txt") lines on stderr, expected $lines: $(head -c 300 "$work/err.txt")"
  [[ -z $(ls -A "$cwd") ]] || fail "launcher in $(printf %q "$folder"): it wrote $(ls -A "$cwd" | head -3) into the working folder"
}
cache_in() { # folder: the one start-up cache made there
  local found=("$1"/cli/target/receipt-java*.jsa "$1"/cli/target/receipt-java*.aot)
  for f in "${found[@]}"; do [[ -e $f ]] && { echo "$f"; return; }; done
  fail "no start-up cache in $(printf %q "$1/cli/target")"
}
jdks=("")
java25=${RECEIPT_TEST_JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64}
[[ -x $java25/bin/java ]] && jdks+=("$java25")
for jdk in "${jdks[@]}"; do
  name=${jdk:+Java 25}; name=${name:-the default java}
  export RECEIPT_JAVA_HOME=$jdk
  [[ -n $jdk ]] || unset RECEIPT_JAVA_HOME
  rm -rf "$copies"/*
  for folder in "$copies/my projects 50%p" "$copies/a"$'\n'"newline" "$copies/-dash"; do
    copy_checkout "$folder"
    launch 0 "$folder" "$folder/receipt" audit "$folder/fixtures/print-bridge/trace.json"
    cache_in "$folder" > /dev/null
  done
  # Called by a relative path that begins with a dash, the launcher's own folder is "-dash", never an option.
  (cd "$copies" && timeout 30 bash -- "-dash/receipt" audit "./-dash/fixtures/print-bridge/trace.json") > "$work/out.txt" \
    2> "$work/err.txt" || fail "$name, launched as bash -- -dash/receipt: exit $? ($(head -c 300 "$work/err.txt"))"
  cmp -s "$work/out.txt" "$work/file.txt" && [[ ! -s "$work/err.txt" ]] \
    || fail "$name, launched as bash -- -dash/receipt: $(head -c 300 "$work/err.txt")"
  folder="$copies/my projects 50%p"
  JAVA_OPTS="-Xmx64m -Xlog:class+load=info:file=$work/classes.txt" launch 0 "$folder" "$folder/receipt" audit "$trace_abs"
  grep -q "shared objects file" "$work/classes.txt" || fail "$name: the start-up cache in $(printf %q "$folder") was not used"
  ok "$name: checkouts at a path with a space and a %, a newline, a leading dash run with their start-up cache"

  cache=$(cache_in "$folder")
  size=$(stat -c %s "$cache")
  chmod u+w "$cache"; truncate -s $((size / 2)) "$cache"
  launch 1 "$folder" "$folder/receipt" audit "$trace_abs"
  grep -q "^receipt: the start-up cache .* is not the one made ($((size / 2)) bytes, made with $size, or another checksum): making it again$" \
    "$work/err.txt" || fail "$name, a cache cut to half: $(cat "$work/err.txt")"
  launch 0 "$folder" "$folder/receipt" audit "$trace_abs"
  [[ -z $(find "$copies" -name 'hs_err*' -o -name 'receipt-hs_err*') ]] || fail "$name, a cache cut to half: the JVM crashed"
  ok "$name: a start-up cache cut to half is made again, said once on stderr, and never crashes the JVM"

  cache=$(cache_in "$folder")
  chmod u+w "$cache"; touch -r "$cache" "$work/stamp"
  printf 'XXXXXXXX' | dd of="$cache" bs=1 seek=4096 conv=notrunc status=none
  touch -r "$work/stamp" "$cache"
  launch 1 "$folder" "$folder/receipt" audit "$trace_abs"
  grep -q "^receipt: the start-up cache .* is not the one made .*: making it again$" "$work/err.txt" \
    || fail "$name, a cache changed in place: $(cat "$work/err.txt")"
  ok "$name: a start-up cache changed in place (same size, same time) is told by its checksum"

  cache=$(cache_in "$folder")
  rm -f "$cache" "$cache.record"; mkdir "$cache"
  launch 1 "$folder" "$folder/receipt" audit "$trace_abs"
  grep -q "^receipt: .* or its record is not a regular file: left alone; running without a start-up cache$" "$work/err.txt" \
    || fail "$name, a cache path that is a folder: $(cat "$work/err.txt")"
  [[ -z $(ls -A "$cache") ]] || fail "$name, a cache path that is a folder: something was written into it"
  rmdir "$cache"
  ok "$name: a cache path that is a folder is left alone"

  set +e
  (cd "$cwd" && JAVA_OPTS="-Xmx16m -XX:+CrashOnOutOfMemoryError" timeout 60 "$folder/receipt" audit --max-kept-chars 1000000000 "$big") \
    > /dev/null 2> "$work/crash.txt"
  code=$?
  set -e
  [[ $code -ne 0 ]] || fail "$name, a crash: exit 0"
  [[ -z $(ls -A "$cwd") ]] || fail "$name, a crash: it wrote $(ls -A "$cwd" | head -3) into the working folder"
  compgen -G "$folder/cli/target/receipt-hs_err_pid*.log" > /dev/null || fail "$name, a crash: no report in the build folder"
  grep -q "^Aborting due to java.lang.OutOfMemoryError" "$work/crash.txt" || fail "$name, a crash: $(head -c 300 "$work/crash.txt")"
  ok "$name: a JVM crash writes its report to the build folder, its message to stderr, nothing in the user's folder"

  # A cache that cannot be made (here: no training fixtures) is said once; the runs after it are silent, slower.
  bare="$copies/bare"
  mkdir -p "$bare/cli/target"; cp receipt "$bare/"; cp cli/target/receipt.jar "$bare/cli/target/"
  launch 1 "$bare" "$bare/receipt" audit "$trace_abs"
  grep -q "^receipt: could not make the start-up cache .* running without it (slower) until the next build$" "$work/err.txt" \
    || fail "$name, a cache that cannot be made: $(cat "$work/err.txt")"
  launch 0 "$bare" "$bare/receipt" audit "$trace_abs"
  ok "$name: a cache that cannot be made is said once, and the runs go on without it"
done
unset RECEIPT_JAVA_HOME

# Without RECEIPT_JAVA_HOME the newest Java 17+ of JAVA_HOME's and the java on PATH runs (#48), with its own cache.
if [[ -x $java25/bin/java ]]; then
  java17=$(readlink -f -- "$(command -v java)"); java17=${java17%/bin/java}
  for pair in "$java17 $java25/bin" "$java25 $(dirname -- "$(readlink -f -- "$(command -v java)")")"; do
    newest="$copies/newest"
    rm -rf "$newest"; copy_checkout "$newest"
    JAVA_HOME=${pair% *} PATH=${pair#* }:$PATH launch 0 "$newest" "$newest/receipt" audit "$trace_abs"
    [[ $(cache_in "$newest") == */receipt-java25.aot ]] \
      || fail "JAVA_HOME=${pair% *} with ${pair#* } first on PATH: ran with $(cache_in "$newest"), not Java 25's AOT cache"
  done
  ok "JAVA_HOME of Java 17 and Java 25 on PATH, or the other way round: Java 25 runs, with its AOT cache"
fi

# A JDK named that is not one, or is older than 17: one line saying so and what to set, exit 1, nothing on stdout.
old_jdk="$work/jdk 11"
mkdir -p "$old_jdk/bin"
printf '#!/bin/sh\nexec java "$@"\n' > "$old_jdk/bin/java"; chmod +x "$old_jdk/bin/java"
printf 'JAVA_VERSION="11.0.2"\n' > "$old_jdk/release"
for jdk in "$work/no such jdk" "$old_jdk"; do
  set +e
  RECEIPT_JAVA_HOME=$jdk timeout 30 ./receipt audit "$trace" > "$work/out.txt" 2> "$work/err.txt"
  code=$?
  set -e
  [[ $code -eq 1 && ! -s $work/out.txt && $(wc -l < "$work/err.txt") -eq 1 ]] \
    || fail "RECEIPT_JAVA_HOME=$jdk: exit $code, $(wc -c < "$work/out.txt") bytes on stdout, $(cat "$work/err.txt")"
  grep -q "set RECEIPT_JAVA_HOME to" "$work/err.txt" || fail "RECEIPT_JAVA_HOME=$jdk: $(cat "$work/err.txt")"
done
grep -qx "receipt: $old_jdk/bin/java (RECEIPT_JAVA_HOME) is Java 11.0.2; receipt needs Java 17 or later: set RECEIPT_JAVA_HOME to one" \
  "$work/err.txt" || fail "a Java 11: $(cat "$work/err.txt")"
ok "a JDK that is not one, or older than 17, is refused in one line naming what to set"

echo "hostile-cli: $checks passed, 0 failed"
.ci/hostile-readers.sh
