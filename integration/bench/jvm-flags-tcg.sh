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

# Boots one variant; prints "<ms to agent's first line> <ms to first lookup attempt>" from /init's last line.
boot() {
  local initramfs=$1 log=$2 start
  start=$(date +%s%N)
  timeout 300 qemu-system-x86_64 -accel tcg -m 1024 -smp 1 -nographic -no-reboot -kernel "$ramdisk/vmlinuz" \
    -initrd "$initramfs" -append "console=ttyS0 quiet ipa-api-url=http://10.0.2.2:9 ferrum-on-exit=poweroff" \
    -netdev user,id=n0 -device virtio-net-pci,netdev=n0 </dev/null 2>&1 |
    while IFS= read -r line; do printf '%d %s\n' $(( ($(date +%s%N) - start) / 1000000 )) "$line"; done >"$log" &
  local pipeline=$!
  until grep -q 'lookup attempt' "$log" 2>/dev/null || ! kill -0 "$pipeline" 2>/dev/null; do sleep 0.5; done
  pkill -f -- "-initrd $initramfs" || true
  wait "$pipeline" 2>/dev/null || true
  awk '/boot times/ && !init {init=$1; next}
       init && !agent && $2 !~ /^ferrum-init:/ && NF > 1 {agent=$1}
       init && /lookup attempt/ {print agent - init, $1 - init; exit}' "$log"
}

declare -A first look
for round in $(seq 1 "$ROUNDS"); do
  for name in "${names[@]}"; do
    read -r a l < <(boot "$work/$name.initramfs" "$work/$name.$round.log")
    echo "round $round, $name: JVM start -> agent's first line ${a} ms, -> first lookup attempt ${l} ms"
    first[$name]+="$a "; look[$name]+="$l "
  done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
echo "jvm-flags-tcg: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| variant | extra flags | JVM start → agent's first line (median ms) | → first lookup attempt (median ms) |"
echo "|---|---|---|---|"
for entry in "${entries[@]}"; do
  name=${entry%%=*}
  echo "| $name | ${entry#*=} | $(echo "${first[$name]}" | median) | $(echo "${look[$name]}" | median) |"
done
