#!/usr/bin/env bash
# Whole-process benchmark of reading every rank of a job, side by side with one rank's import and a plain Python reading.
#
#   bench/ranks.sh [N [SIZE_MB]]        # default: 1000 ranks of 10 MB (10 GB in $BENCH_DIR, default /tmp/ranks-bench)
#
# Writes N rank logs built from the real 2.6 logs, three of them diverging (bench/make-ranks.py: an extra recompile, a
# break, a cache hit where the others miss), then, in one run, each command once (ROUNDS=3 for the median of three;
# one rank's import is always the median of three):
#   ./receipt audit RANK0 --json                 (the single-file import of one rank, median of three)
#   ./receipt audit BIG --json                   (one BIG_MB log of the same records, default 1024, median of three:
#                                                 the single-file import's MiB/s, which reading N ranks should reach)
#   ./receipt ranks DIR --json                   (every rank, the verdict; checked against the groups make-ranks wrote)
#   ./receipt fingerprint RANK -o FP             (per rank, two at a time as two hosts' schedulers would run them;
#                                                 FP_RANKS=K fingerprints the first K ranks only and says so)
#   ./receipt ranks FPDIR --json                 (merging the fingerprints: the verdict again, from fingerprints alone)
#   python3 bench/ranks_python.py DIR            (every rank read the plain Python way, one after another)
#   python3 bench/ranks_python.py DIR -j 2       (the same on both cores)
# and prints wall seconds, MB/s, the ratio to one rank's import (N ranks should cost N times one rank), and the peak
# RSS of each (GNU time's maximum resident set size, as /usr/bin/time -v reports it). tlparse's --all-ranks-html is
# not run: it is a Rust program (cargo install tlparse), and this machine reaches no crates registry.
# Hold the team's build lock on a shared machine (flock /tmp/maven.lock bench/ranks.sh) so no build competes for
# the cores. The data is deleted at the end unless KEEP=1.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$here/bench/timing.sh"
n="${1:-1000}"
size="${2:-10}"
rounds="${ROUNDS:-1}"
dir="${BENCH_DIR:-/tmp/ranks-bench}"
job="$dir/job"
fps="$dir/fingerprints"
real="${REAL_TRACES:-$here/../shared/real-traces}"
"$here/receipt" --version >/dev/null    # builds the CLI when it is stale, before anything is timed
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 1; }
rm -rf "$job" "$fps" "$job.expect.json"
mkdir -p "$dir" "$fps"
trap '[ "${KEEP:-0}" = 1 ] || rm -rf "$dir"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB RAM"
echo "java: $(java -version 2>&1 | head -1); python: $(python3 --version 2>&1); started $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
python3 "$here/bench/make-ranks.py" "$job" "$n" "$size"
echo "written in $(( $(date +%s) - start )) s"
mb=$(du -sm --apparent-size "$job" | cut -f1)
one=$(ls "$job" | grep '^dedicated_log_torch_trace_rank_0_')
one_mb=$(echo "$(stat -c %s "$job/$one") / 1048576" | bc -l)
expected=$(python3 -c 'import json,sys; print(json.dumps(sorted(json.load(open(sys.argv[1]))["groups"])))' "$job.expect.json")

# The groups a command printed (its JSON's "groups"), sorted, against the ones make-ranks wrote.
groups() {
  python3 -c 'import json,sys; print(json.dumps(sorted(sorted(g) for g in json.load(open(sys.argv[1]))["groups"])))' "$1"
}
check() {
  local got; got=$(groups "$dir/cmd.out")
  [ "$got" = "$expected" ] || { echo "$1: groups $got, expected $expected" >&2; exit 1; }
}

rm -f "$dir"/*.times
# Each row is printed as soon as it is measured, so that a long run that is stopped keeps what it measured.
printf '%-34s %9s %9s %11s %9s\n' command seconds MB/s x_one_rank peak_MB
row() { printf '%-34s %9.2f %9.1f %11.1f %9d\n' "$1" "$2" "$(echo "$3 / $2" | bc -l)" "$(echo "$2 / $o" | bc -l)" $(( $4 / 1024 )); }
for _ in 1 2 3; do timed "$dir/one.times" "$here/receipt" audit "$job/$one" --json; done
o=$(median "$dir/one.times" 1)
row "receipt audit (one rank)" "$o" "$one_mb" "$(median "$dir/one.times" 2)"
# One large log of the same records (BIG_MB, default 1024; 0 leaves it out): the single-file import's MiB/s, which N
# ranks should reach, on this machine's load of the moment.
if [ "${BIG_MB:-1024}" -gt 0 ]; then
  python3 "$here/bench/make-big-log.py" "$dir/big.log" "${BIG_MB:-1024}" "$real/print-bridge/torch_trace.log" \
    "$real/int-spec/torch_trace.log" >/dev/null
  for _ in 1 2 3; do timed "$dir/big.times" "$here/receipt" audit "$dir/big.log" --json; done
  row "receipt audit (one $(( $(stat -c %s "$dir/big.log") / 1048576 )) MiB log)" "$(median "$dir/big.times" 1)" \
    "$(echo "$(stat -c %s "$dir/big.log") / 1048576" | bc -l)" "$(median "$dir/big.times" 2)"
  rm -f "$dir/big.log"
fi
for _ in $(seq "$rounds"); do timed "$dir/ranks.times" "$here/receipt" ranks "$job" --json; check "receipt ranks"; done
row "receipt ranks ($n ranks)" "$(median "$dir/ranks.times" 1)" "$mb" "$(median "$dir/ranks.times" 2)"
for _ in $(seq "$rounds"); do timed "$dir/python.times" python3 "$here/bench/ranks_python.py" "$job"; check "ranks_python.py"; done
row "ranks_python.py" "$(median "$dir/python.times" 1)" "$mb" "$(median "$dir/python.times" 2)"
for _ in $(seq "$rounds"); do timed "$dir/python2.times" python3 "$here/bench/ranks_python.py" "$job" -j 2; check "ranks_python.py -j 2"; done
row "ranks_python.py -j 2" "$(median "$dir/python2.times" 1)" "$mb" "$(median "$dir/python2.times" 2)"

# One fingerprint per rank, two at a time; the wall time of all of them, the largest peak RSS of any.
k="${FP_RANKS:-$n}"
ls "$job" | sort -t_ -k6,6n | head -n "$k" >"$dir/fp.list"
start=$(date +%s%N)
xargs -P 2 -I{} /usr/bin/time -f '%M' -a -o "$dir/fp.rss" "$here/receipt" fingerprint "$job/{}" -o "$fps/{}.fingerprint.json" \
  <"$dir/fp.list" >/dev/null
fp_s=$(echo "($(date +%s%N) - $start) / 1000000000" | bc -l)
fp_kb=$(( $(du -sk --apparent-size "$fps" | cut -f1) / k ))
row "receipt fingerprint x $k (-P 2)" "$fp_s" "$(echo "$one_mb * $k" | bc -l)" "$(sort -n "$dir/fp.rss" | tail -1)"
if [ "$k" = "$n" ]; then
  for _ in $(seq "$rounds"); do timed "$dir/merge.times" "$here/receipt" ranks "$fps" --json; check "receipt ranks FINGERPRINTS"; done
  printf '%-34s %9.2f %9s %11s %9d   (%d fingerprints, %d KB each)\n' "receipt ranks (fingerprints)" "$(median "$dir/merge.times" 1)" - - \
    $(( $(median "$dir/merge.times" 2) / 1024 )) "$k" "$fp_kb"
else
  echo "fingerprints: $k of $n ranks ($fp_kb KB each); merging them not timed (FP_RANKS < N)"
fi
echo "$n ranks, $mb MiB; one rank $(printf '%.1f' "$one_mb") MiB; MB/s: MiB per second; x_one_rank: seconds / one rank's import"
echo "(N ranks at one rank's throughput would be $n); peak_MB: peak RSS in MiB (for fingerprints the largest of any one)."
echo "ended $(date -u '+%H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
