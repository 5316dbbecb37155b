#!/usr/bin/env bash
# Benchmark: the agent JVM's start under QEMU's TCG emulation with different JVM flags, same ramdisk.
#
# Method
#  - Unpacks RAMDISK's initramfs once, then repacks it per variant with only /init's java command line changed
#    (VARIANTS: "name=extra flags" entries separated by ';', the flags put before the image's own; "base=" is
#    the image as built). Everything else (kernel, JRE, class cache, agent jar) is byte-identical.
#  - Boots each variant in turn, ROUNDS times (interleaved, so load on the host falls on all alike):
#    qemu-system-x86_64 -accel tcg -m 1024 -smp 1, -kernel/-initrd directly (no firmware, no PXE), QEMU's user
#    network (its DHCP gives /init a lease), kernel command line "console=ttyS0 quiet ipa-api-url=<a closed port
#    on QEMU's host alias>" so the agent starts, finds nothing to look up at, and logs a failed lookup attempt.
#  - Every console line is stamped on the host as it arrives. Reported per boot: from /init's "boot times" line
#    (just before it execs java) to the agent's first log line ("JVM start to agent code", as pxe-boot.sh's phase)
#    and to the first lookup attempt's log line; then the medians per variant.
#  - TCG, not KVM: this is the emulated machine CI and pxe-boot.sh use. Absolute seconds depend on the host's
#    load (printed); compare variants within one run.
# Usage: integration/bench/jvm-flags-tcg.sh RAMDISK_DIR   (a directory with vmlinuz and a zstd initramfs, e.g.
#        ~/.cache/ferrum/vm-ramdisk/<key> after pxe-boot.sh; env: ROUNDS=3,
#        VARIANTS="base=;cts10=-XX:CompileThresholdScaling=10;xint=-Xint"; needs qemu-system-x86_64, zstd, cpio)
set -euo pipefail
ramdisk=$(cd "$1" && pwd)
ROUNDS=${ROUNDS:-3}
VARIANTS=${VARIANTS:-"base=;cts10=-XX:CompileThresholdScaling=10;xint=-Xint"}
work=$(mktemp -d /tmp/jvm-flags-tcg.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "jvm-flags-tcg: $(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg)"

mkdir "$work/root"
(cd "$work/root" && zstd -dc "$ramdisk/initramfs" | cpio -idm --quiet)
cp "$work/root/init" "$work/init.built"
grep -q '^/opt/ferrum/jre/bin/java ' "$work/init.built" || { echo "no java line in /init" >&2; exit 1; }
names=()
IFS=';' read -ra entries <<<"$VARIANTS"
for entry in "${entries[@]}"; do
  name=${entry%%=*}; flags=${entry#*=}
  names+=("$name")
  sed "s#^/opt/ferrum/jre/bin/java #/opt/ferrum/jre/bin/java ${flags}${flags:+ }#" "$work/init.built" >"$work/root/init"
  (cd "$work/root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --quiet | zstd -q -3 -T0 >"$work/$name.initramfs")
done
cp "$work/init.built" "$work/root/init"

source "$(dirname "$0")/tcg-boot.sh"

declare -A first look
for round in $(seq 1 "$ROUNDS"); do
  for name in "${names[@]}"; do
    read -r a l < <(tcg_boot "$ramdisk/vmlinuz" "$work/$name.initramfs" "$work/$name.$round.log" "$work/qemu.pid")
    echo "round $round, $name: JVM start -> agent's first line ${a} ms, -> first lookup attempt ${l} ms"
    first[$name]+="$a "; look[$name]+="$l "
  done
done
echo "jvm-flags-tcg: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| variant | extra flags | JVM start → agent's first line (median ms) | → first lookup attempt (median ms) |"
echo "|---|---|---|---|"
for entry in "${entries[@]}"; do
  name=${entry%%=*}
  echo "| $name | ${entry#*=} | $(echo "${first[$name]}" | median) | $(echo "${look[$name]}" | median) |"
done
