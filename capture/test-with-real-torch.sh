#!/usr/bin/env bash
# Tests the capture package (capture/src/compile_receipt_capture) against real PyTorch (Debian's
# python3-torch), in a Debian chroot built once per suite by make-chroot.sh and reused afterwards.
#
#   capture/test-with-real-torch.sh                            (trixie: PyTorch 2.6)
#   COMPILE_RECEIPT_DEBIAN=sid capture/test-with-real-torch.sh (sid: PyTorch 2.14)
#
#   COMPILE_RECEIPT_DEBIAN      the Debian suite: trixie (python3-torch 2.6, the default) or sid (2.14)
#   COMPILE_RECEIPT_CHROOT      the chroot (default /var/cache/compile-receipt/<suite>)
#   COMPILE_RECEIPT_MIRROR      Debian mirror for the first build (default: the one apt uses here)
#   COMPILE_RECEIPT_TORCH_LOGS  1: every scenario also runs with
#                               TORCH_LOGS=graph_breaks,recompiles,recompiles_verbose (same process as
#                               TORCH_TRACE); its stderr is kept as <scenario>-torch-logs.txt
#   COMPILE_RECEIPT_AUDIT       how step 4 runs the Java side: receipt (default: ./receipt, which
#                               builds the CLI with Maven when it is missing or stale), jar (only an
#                               existing cli/target/receipt.jar, never a build; skipped without one),
#                               skip
#
# Writes, per suite, capture/out/<suite>/:
#   <scenario>.json              the compile-trace/1 trace
#   <scenario>-torch-trace/      the TORCH_TRACE log of the same process; warm/ in it: the warm process's
#                                log (the warm-start scenarios print-bridge and int-spec)
#   <scenario>-torch-logs.txt    the TORCH_LOGS text (COMPILE_RECEIPT_TORCH_LOGS=1 only)
#   <scenario>.counters.json     torch._dynamo.utils.counters per run; <scenario>.log its output
#   <scenario>.profile.json      the baseline run's torch.profiler trace (Chrome trace JSON, the helper's
#                                --profile-out); <scenario>.profile-candidate.json the candidate's
#   <scenario>.receipt.txt       step 4's audit of the trace (step 4b recomputes its figures and trade in Python)
#   summary.txt                  the trace figures beside torch._dynamo.utils.counters and the log
#   break-kinds.diff             (sid) the shipped break-kind table against what the registry derives
#   break-messages.diff          (trixie) the shipped break-message table against what 2.6's source derives
#   <scenario>.frozen-torch-trace.log  step 5's `receipt freeze` of the log (.txt: what it said)
#   keys/keys-<change>.json, keys-<change>-torch-trace/{*.log,warm/*.log}, keys-<change>.expect.json
#                                test_cache_keys (#46): warm pairs with one change in the warm process
#                                (none, threads, inductor-option, code, dtype, shape) and the key components
#                                that differ, read from both logs
#   ranks/ranks-<scenario>/      test_ranks (#47): one TORCH_TRACE log per rank of a 4-rank gloo job
#                                (torch.multiprocessing.spawn), named by PyTorch; ranks-<scenario>.expect.json:
#                                groups, kind, first divergence and key changes read from the logs (alike, batch-size,
#                                branch-break, warm-cache, rank-int, inductor-option)
#   repeat/repeat-<scenario>/<scenario>.<i>.json  test_repeat (#45): --repeat 5 of print-bridge and int-spec
#                                through the command line, each run a fresh process with fresh caches
#   logger-graph_breaks/, logger-recompiles/  test_one_logger: the graph-break scenario again with
#                                TORCH_LOGS=<logger> alone (its text, trace, TORCH_TRACE log, profiles);
#                                below the suite's folder, so steps 4-7 leave them to steps 5g and 5h
# Then audits every trace with the repository's ./receipt launcher and fails if one is refused.
# Needs root (debootstrap, chroot, mounts). Takes a few minutes (each Inductor compile is seconds).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
SUITE="${COMPILE_RECEIPT_DEBIAN:-trixie}"
if [[ ! "$SUITE" =~ ^[a-z][a-z0-9-]*$ ]]; then
  echo "test-with-real-torch.sh: COMPILE_RECEIPT_DEBIAN must be a Debian suite name (trixie, sid), found '$SUITE'" >&2
  exit 2
fi
ROOT="${COMPILE_RECEIPT_CHROOT:-/var/cache/compile-receipt/$SUITE}"
TORCH_LOGS_TEXT="${COMPILE_RECEIPT_TORCH_LOGS:-0}"
AUDIT="${COMPILE_RECEIPT_AUDIT:-receipt}"
case "$AUDIT" in receipt|jar|skip) ;; *)
  echo "test-with-real-torch.sh: COMPILE_RECEIPT_AUDIT must be receipt, jar or skip, found '$AUDIT'" >&2
  exit 2 ;;
esac
export COMPILE_RECEIPT_DEBIAN="$SUITE" COMPILE_RECEIPT_CHROOT="$ROOT"
out="$here/out/$SUITE"
# The torch-free tests (host and chroot); the chroot adds test_real_torch. The chroot sees capture/ as /capture.
TORCH_FREE_TESTS="test_validate test_output_check test_call_events test_package test_run_marker test_imports"

if [[ $(id -u) -ne 0 ]]; then
  echo "test-with-real-torch.sh: must run as root (chroot, mounts)" >&2
  exit 1
fi

echo "== 1. the chroot ($SUITE: $ROOT)"
"$here/make-chroot.sh"

echo "== 2. torch-free tests (host python3, no torch needed)"
if command -v python3 >/dev/null; then
  # shellcheck disable=SC2086
  (cd "$here/tests" && python3 -m unittest $TORCH_FREE_TESTS)
else
  echo "no python3 on the host: the torch-free tests run in the chroot only"
fi

echo "== 3. the capture against real PyTorch (in the chroot), into capture/out/$SUITE/"
rm -rf "$out"          # only this run's outputs in the suite's folder
mkdir -p "$out" "$ROOT/capture"
status=0
# A private mount namespace: the bind mount and /proc vanish with it, even on failure.
unshare --mount --propagation private bash -c '
  set -e
  mount --bind "$1" "$2/capture"
  mount -t proc proc "$2/proc"
  chroot "$2" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    COMPILE_RECEIPT_OUT="/capture/out/$3" COMPILE_RECEIPT_TORCH_LOGS="$4" PYTHONDONTWRITEBYTECODE=1 \
    PYTHONPATH=/capture/src \
    sh -c "cd /capture/tests && python3 -c \"import torch; print(\\\"torch\\\", torch.__version__)\" \
           && python3 -m unittest -v $5 test_real_torch test_one_logger test_cache_keys test_ranks test_repeat"
' _ "$here" "$ROOT" "$SUITE" "$TORCH_LOGS_TEXT" "$TORCH_FREE_TESTS" || status=$?
if [[ $status -ne 0 ]]; then
  echo "test-with-real-torch.sh: the tests in the chroot failed ($status)" >&2
  exit "$status"
fi

echo "== 4. the Java side imports every trace (capture/out/$SUITE/)"
traces=()
for f in "$out"/*.json; do
  [[ "$f" == *.counters.json || "$f" == *.profile.json || "$f" == *.profile-candidate.json ]] && continue
  traces+=("$f")
done
jar="$repo/cli/target/receipt.jar"
audit_cmd=()
if [[ "$AUDIT" == receipt && -x "$repo/receipt" ]]; then
  audit_cmd=(./receipt)
elif [[ "$AUDIT" == jar && -f "$jar" ]]; then
  audit_cmd=(java -jar "$jar")
fi
if [[ ${#audit_cmd[@]} -gt 0 ]]; then
  refused=0
  for f in "${traces[@]}"; do       # every trace, so that one refusal does not hide the others
    rel="${f#"$repo"/}"
    if (cd "$repo" && "${audit_cmd[@]}" audit "$rel" > "${f%.json}.receipt.txt" 2>&1); then
      echo "receipt audit $rel: ok (receipt in ${rel%.json}.receipt.txt)"
    else
      echo "receipt audit $rel: REFUSED or failed:" >&2
      cat "${f%.json}.receipt.txt" >&2
      refused=$((refused + 1))
    fi
  done
  if [[ $refused -ne 0 ]]; then
    echo "test-with-real-torch.sh ($SUITE): the Java side refused $refused of ${#traces[@]} traces" >&2
    exit 1
  fi
  echo "== 5. break kinds of this run's break-kinds and break-in-loop captures, every source"
  (cd "$repo" && python3 capture/check-break-kinds.py "$out" "${audit_cmd[@]}")
  echo "== 5b. FX graphs of every capture against PyTorch's unique_graphs; graphless variants listed"
  (cd "$repo" && python3 capture/check-graphs.py "$out" "${audit_cmd[@]}")
  echo "== 5c. compile stages of every capture against a plain reading of its log; stages + unattributed = compile_ms"
  (cd "$repo" && python3 capture/check-stages.py "$out" "${audit_cmd[@]}")
  echo "== 5d. recompile causes of every capture: the same from its trace, its TORCH_TRACE log and its TORCH_LOGS text"
  (cd "$repo" && python3 capture/check-causes.py "$out" "${audit_cmd[@]}")
  echo "== 5e. warm starts: each compile's cache outcomes against a plain reading of both processes' logs; warm below empty past the warm process's first compile"
  (cd "$repo" && python3 capture/check-warm-start.py "$out" "${audit_cmd[@]}")
  echo "== 5f. every run's torch.profiler trace with its TORCH_TRACE log gives the trace.json receipt of the same run"
  (cd "$repo" && python3 capture/check-profile.py "$out" "${audit_cmd[@]}")
  echo "== 5g. a TORCH_LOGS text with one logger alone reads that logger's figures and names the other's not measured"
  (cd "$repo" && python3 capture/check-one-logger.py "$out" "${audit_cmd[@]}")
  echo "== 5h. files of two processes or two models are not joined: a profile with another process's log, a warm pair of two models"
  (cd "$repo" && python3 capture/check-pairs.py "$out" "${audit_cmd[@]}")
  if [[ -d "$out/keys" ]]; then
    echo "== 5i. cache keys (#46): why each warm pair missed, from the receipt, a plain reading of both logs and the capture's expect files"
    (cd "$repo" && python3 capture/check-cache-keys.py "$out" "${audit_cmd[@]}")
  fi
  echo "== 6. the shipped break-kind table is what capture/derive-break-kinds.py derives from this release's registry"
  registry="$ROOT/usr/lib/python3/dist-packages/torch/_dynamo/graph_break_registry.json"
  shipped="$repo/core/src/main/resources/dev/compilereceipt/break-kinds.tsv"
  if [[ -f "$registry" && "$SUITE" == sid ]]; then
    if ! diff <(python3 "$here/derive-break-kinds.py" "$registry") "$shipped" > "$out/break-kinds.diff"; then
      echo "test-with-real-torch.sh ($SUITE): $shipped differs from what the registry gives (see $out/break-kinds.diff)" >&2
      exit 1
    fi
    echo "break-kinds.tsv: $(grep -vc '^#' "$shipped") ids, as derived from $registry"
  else
    echo "no registry in this release (it came with 2.8): the table of ids is checked on sid"
  fi
  echo "== 6b. the shipped break-message table is what capture/derive-break-messages.py derives from this release's torch/_dynamo"
  dynamo="$ROOT/usr/lib/python3/dist-packages/torch/_dynamo"
  messages="$repo/core/src/main/resources/dev/compilereceipt/break-messages.tsv"
  if [[ "$SUITE" == trixie ]]; then
    if ! diff <(python3 "$here/derive-break-messages.py" "$dynamo") "$messages" > "$out/break-messages.diff"; then
      echo "test-with-real-torch.sh ($SUITE): $messages differs from what $dynamo gives (see $out/break-messages.diff)" >&2
      exit 1
    fi
    echo "break-messages.tsv: $(grep -vc '^#' "$messages") messages, as derived from $dynamo ($(sed -n 3p "$messages" | cut -c3-))"
  else
    echo "the table of messages is 2.6's (no graph-break ids); it is checked on trixie"
  fi
  if [[ "${audit_cmd[0]}" == ./receipt ]]; then
    # Traces no test has seen: the phase figures and the trade (break_even_calls from its definition)
    # recomputed in Python must agree with the receipt.
    echo "== 4b. independent recomputation of the receipt figures and the trade (capture/out/$SUITE/)"
    (cd "$repo" && .ci/crosscheck-receipt.py "${traces[@]}")
  fi
else
  case "$AUDIT" in
    skip) why="COMPILE_RECEIPT_AUDIT=skip" ;;
    jar)  why="$jar (the Java CLI) does not exist (COMPILE_RECEIPT_AUDIT=jar never builds it)" ;;
    *)    why="$repo/receipt (the Java CLI launcher) does not exist yet" ;;
  esac
  echo "NOTICE: $why: the ${#traces[@]} traces in capture/out/$SUITE/ were validated in Python only," \
       "not imported by the Java side."
fi

echo "== 7. freeze: each TORCH_TRACE log of this run frozen, its receipt compared figure by figure"
# Logs no test has seen: `receipt freeze` itself reads the log and the frozen log and exits 1 when a
# figure differs (only trace_sha256, receipt_sha256, fixture and bad_lines may); here the frozen log
# must also be at most a tenth of the original.
if [[ ${#audit_cmd[@]} -gt 0 ]]; then
  failed=0
  for log in "$out"/*-torch-trace/*.log; do
    [[ -f "$log" ]] || continue
    scenario="$(basename "$(dirname "$log")")"
    frozen="$out/${scenario%-torch-trace}.frozen-torch-trace.log"
    rel="${log#"$repo"/}"
    if (cd "$repo" && "${audit_cmd[@]}" freeze "$rel" -o "$frozen" --relative-to /capture/tests > "${frozen%.log}.txt" 2>&1); then
      size=$(stat -c %s "$log"); small=$(stat -c %s "$frozen")
      if (( small * 10 <= size )); then
        echo "receipt freeze $rel: ok, $size -> $small bytes, every figure equal"
      else
        echo "receipt freeze $rel: the frozen log is $small bytes, over a tenth of $size" >&2
        failed=$((failed + 1))
      fi
    else
      echo "receipt freeze $rel: FAILED:" >&2
      cat "${frozen%.log}.txt" >&2
      failed=$((failed + 1))
    fi
  done
  if [[ $failed -ne 0 ]]; then
    echo "test-with-real-torch.sh ($SUITE): freeze failed on $failed logs" >&2
    exit 1
  fi
else
  echo "NOTICE: no Java CLI (see step 4): the logs were not frozen"
fi

echo "== 8. multi-rank jobs (capture/out/$SUITE/ranks/ranks-*/): receipt ranks groups each job's ranks and names its first divergence as the capture expects"
if [[ -d "$out/ranks" && ${#audit_cmd[@]} -gt 0 ]]; then
  (cd "$repo" && python3 capture/check-ranks.py "$out" "${audit_cmd[@]}")
elif [[ -d "$out/ranks" ]]; then
  echo "NOTICE: no Java CLI (see step 4): the multi-rank jobs were not checked"
else
  echo "no $out/ranks/: this run made no multi-rank job"
fi

echo "== 9. the ratchet (#45): receipt check across releases (capture/out/trixie vs sid) and time bands of repeated runs"
# Each release's baseline approved with `receipt check --update`, 2.14 against 2.6's lists what moved (exit 1),
# against its own passes (exit 0); bands over four repeat runs hold the fifth (each held out in turn, a majority of five), and a time x3 / x0.2 or a count changed
# fails. On the first suite of a CI run the other suite's captures are not there yet: the script says so (NOTICE).
if [[ ${#audit_cmd[@]} -gt 0 ]]; then
  (cd "$repo" && python3 capture/check-ratchet.py "$here/out" "${audit_cmd[@]}")
else
  echo "NOTICE: no Java CLI (see step 4): the ratchet was not checked"
fi

echo
cat "$out/summary.txt"
echo "test-with-real-torch.sh ($SUITE): all passed"
