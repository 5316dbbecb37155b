#!/usr/bin/env bash
# Benchmark: two agent ramdisks booted in turn under QEMU's TCG emulation, for an A/B of a change to the agent.
#
# Method
#  - The same boot as integration/bench/jvm-flags-tcg.sh (tcg-boot.sh), but each variant is a whole ramdisk directory (vmlinuz +
#    initramfs, e.g. two image-builder outputs: one from main, one from a branch) booted as built, nothing repacked.
#  - Boots A then B, ROUNDS times (interleaved, so load on the host falls on both alike): qemu-system-x86_64
#    -accel tcg -m 1024 -smp 1, -kernel/-initrd directly (no firmware, no PXE), QEMU's user network, kernel command
#    line "console=ttyS0 quiet ipa-api-url=<a closed port on QEMU's host alias>", so the agent starts, finds
#    nothing to look up at, and logs a failed lookup attempt.
#  - Every console line is stamped on the host as it arrives. Reported per boot: from /init's "boot times" line
#    (just before it execs java) to the agent's first log line and to its first lookup attempt's log line; then
#    the medians per ramdisk. Absolute seconds depend on the host's load (printed); compare A and B within a run.
# Usage: integration/bench/ramdisk-ab-tcg.sh A_DIR B_DIR   (env: ROUNDS=3; needs qemu-system-x86_64)
set -euo pipefail
a=$(cd "$1" && pwd); b=$(cd "$2" && pwd)
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d /tmp/ramdisk-ab-tcg.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "ramdisk-ab-tcg: $(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg); A=$a B=$b"

source "$(dirname "$0")/tcg-boot.sh"

declare -A first look
for round in $(seq 1 "$ROUNDS"); do
  for name in A B; do
    dir=$a; [ "$name" = B ] && dir=$b
    read -r f l < <(tcg_boot "$dir/vmlinuz" "$dir/initramfs" "$work/$name.$round.log" "$work/qemu.pid")
    echo "round $round, $name: JVM start -> agent's first line ${f} ms, -> first lookup attempt ${l} ms"
    first[$name]+="$f "; look[$name]+="$l "
  done
done
echo "ramdisk-ab-tcg: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| ramdisk | JVM start → agent's first line (median ms) | → first lookup attempt (median ms) |"
echo "|---|---|---|"
for name in A B; do
  echo "| $name | $(echo "${first[$name]}" | median) | $(echo "${look[$name]}" | median) |"
done
