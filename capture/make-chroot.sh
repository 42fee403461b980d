#!/usr/bin/env bash
# Builds (once) a Debian chroot with PyTorch from Debian's own packages, for
# test-with-real-torch.sh. Reused when it is already complete. One chroot per suite.
#   COMPILE_RECEIPT_DEBIAN  the Debian suite: trixie (python3-torch 2.6, the default) or sid (2.14)
#   COMPILE_RECEIPT_CHROOT  where it lives (default /var/cache/compile-receipt/<suite>)
#   COMPILE_RECEIPT_MIRROR  Debian mirror (default: the one this machine's apt uses, else deb.debian.org)
# Needs root. Idempotent: a finished chroot carries the stamp file .compile-receipt-ready.
set -euo pipefail

SUITE="${COMPILE_RECEIPT_DEBIAN:-trixie}"
ROOT="${COMPILE_RECEIPT_CHROOT:-/var/cache/compile-receipt/$SUITE}"
PACKAGES="python3-torch python3-dev python3-setuptools libtorch-dev build-essential"
STAMP="$ROOT/.compile-receipt-ready"

default_mirror() {
  local m
  m=$(grep -hoE '^(URIs:|deb) *(\[[^]]*\] *)?https?://[^ ]*/debian/?( |$)' \
        /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
      | grep -oE 'https?://[^ ]*/debian' | head -n1 || true)
  echo "${m:-http://deb.debian.org/debian}"
}
MIRROR="${COMPILE_RECEIPT_MIRROR:-$(default_mirror)}"

if [[ -f "$STAMP" ]]; then
  echo "chroot ready: $ROOT"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "make-chroot.sh: must run as root (debootstrap, chroot)" >&2
  exit 1
fi

if ! command -v debootstrap >/dev/null; then
  echo "== installing debootstrap"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap
fi

mkdir -p "$(dirname "$ROOT")"
if [[ ! -x "$ROOT/usr/bin/apt-get" || ! -f "$ROOT/etc/debian_version" ]]; then
  echo "== debootstrap $SUITE $ROOT $MIRROR"
  rm -rf "$ROOT"
  debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR"
fi

cleanup() { umount "$ROOT/proc" 2>/dev/null || true; }
trap cleanup EXIT
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true

echo "== apt-get install $PACKAGES (in the chroot)"
in_chroot() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive "$@"; }
apt_opts=()
if ! in_chroot apt-get update; then
  # A mirror that is a frozen snapshot serves sid with a Release file past its Valid-Until date
  # ("Release file ... is expired"): accept it, said out loud, rather than fail.
  echo "NOTICE: apt-get update failed; retrying with Acquire::Check-Valid-Until=false (an expired" \
       "Release file, e.g. sid on a snapshot mirror)" >&2
  apt_opts=(-o Acquire::Check-Valid-Until=false)
  in_chroot apt-get "${apt_opts[@]}" update
fi
in_chroot apt-get "${apt_opts[@]}" install -y --no-install-recommends $PACKAGES
chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
  python3 -c 'import torch; print("torch", torch.__version__)'
chroot "$ROOT" apt-get clean
touch "$STAMP"
echo "chroot ready: $ROOT"
