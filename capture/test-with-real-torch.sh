#!/usr/bin/env bash
# Tests capture/compile_receipt_capture.py against real PyTorch (Debian trixie's python3-torch),
# in a Debian trixie chroot built once by make-chroot.sh and reused afterwards.
#
#   capture/test-with-real-torch.sh
#
#   COMPILE_RECEIPT_CHROOT  the chroot (default /var/cache/compile-receipt/trixie)
#   COMPILE_RECEIPT_MIRROR  Debian mirror for the first build (default: the one apt uses here)
#
# Writes capture/out/<scenario>.json, capture/out/<scenario>-torch-trace/, capture/out/summary.txt
# (the trace figures beside torch._dynamo.utils.counters). Then, when the repository's ./receipt
# launcher exists, audits every trace with it and fails if one is refused.
# Needs root (debootstrap, chroot, mounts). Takes a few minutes (each Inductor compile is seconds).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
ROOT="${COMPILE_RECEIPT_CHROOT:-/var/cache/compile-receipt/trixie}"
export COMPILE_RECEIPT_CHROOT="$ROOT"

if [[ $(id -u) -ne 0 ]]; then
  echo "test-with-real-torch.sh: must run as root (chroot, mounts)" >&2
  exit 1
fi

echo "== 1. the chroot ($ROOT)"
"$here/make-chroot.sh"

echo "== 2. validator tests (host python3, no torch needed)"
if command -v python3 >/dev/null; then
  (cd "$here/tests" && python3 -m unittest test_validate)
else
  echo "no python3 on the host: the validator tests run in the chroot only"
fi

echo "== 3. the capture against real PyTorch (in the chroot)"
mkdir -p "$here/out" "$ROOT/capture"
status=0
# A private mount namespace: the bind mount and /proc vanish with it, even on failure.
unshare --mount --propagation private bash -c '
  set -e
  mount --bind "$1" "$2/capture"
  mount -t proc proc "$2/proc"
  chroot "$2" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    COMPILE_RECEIPT_OUT=/capture/out PYTHONDONTWRITEBYTECODE=1 \
    sh -c "cd /capture/tests && python3 -c \"import torch; print(\\\"torch\\\", torch.__version__)\" \
           && python3 -m unittest -v test_validate test_real_torch"
' _ "$here" "$ROOT" || status=$?
if [[ $status -ne 0 ]]; then
  echo "test-with-real-torch.sh: the tests in the chroot failed ($status)" >&2
  exit "$status"
fi

echo "== 4. the Java side imports every trace"
traces=()
for f in "$here"/out/*.json; do
  [[ "$f" == *.counters.json ]] && continue
  traces+=("$f")
done
if [[ -x "$repo/receipt" ]]; then
  for f in "${traces[@]}"; do
    rel="${f#"$repo"/}"
    if (cd "$repo" && ./receipt audit "$rel" > "${f%.json}.receipt.txt" 2>&1); then
      echo "receipt audit $rel: ok (receipt in ${rel%.json}.receipt.txt)"
    else
      echo "receipt audit $rel: REFUSED or failed:" >&2
      cat "${f%.json}.receipt.txt" >&2
      exit 1
    fi
  done
else
  echo "NOTICE: $repo/receipt (the Java CLI launcher) does not exist yet: the ${#traces[@]} traces in" \
       "capture/out/ were validated in Python only, not imported by the Java side."
fi

echo
cat "$here/out/summary.txt"
echo "test-with-real-torch.sh: all passed"
