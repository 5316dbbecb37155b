# Sourced by the TCG boot benches (jvm-flags-tcg.sh, ramdisk-ab-tcg.sh): one boot of an agent ramdisk and a median.
#
# tcg_boot VMLINUZ INITRAMFS LOG PIDFILE boots the ramdisk under QEMU's TCG (-m 1024 -smp 1, -kernel/-initrd
# directly, QEMU's user network; the agent is pointed at a closed port on QEMU's host alias, so it starts, finds
# nothing to look up at and logs a failed lookup attempt), stamps every console line on the host as it arrives
# into LOG, stops QEMU (by the pid it wrote to PIDFILE) at the first lookup attempt, and prints
# "<ms from /init's boot times line to the agent's first line> <ms to the first lookup attempt>".
tcg_boot() {
  local kernel=$1 initramfs=$2 log=$3 pidfile=$4 start
  rm -f "$pidfile"
  start=$(date +%s%N)
  timeout 300 qemu-system-x86_64 -accel tcg -m 1024 -smp 1 -nographic -no-reboot -kernel "$kernel" \
    -initrd "$initramfs" -append "console=ttyS0 quiet ipa-api-url=http://10.0.2.2:9 ferrum-on-exit=poweroff" \
    -netdev user,id=n0 -device virtio-net-pci,netdev=n0 -pidfile "$pidfile" </dev/null 2>&1 |
    while IFS= read -r line; do printf '%d %s\n' $(( ($(date +%s%N) - start) / 1000000 )) "$line"; done >"$log" &
  local pipeline=$!
  until grep -q 'lookup attempt' "$log" 2>/dev/null || ! kill -0 "$pipeline" 2>/dev/null; do sleep 0.5; done
  kill "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null || true
  wait "$pipeline" 2>/dev/null || true
  awk '/boot times/ && !init {init=$1; next}
       init && !agent && $2 !~ /^ferrum-init:/ && NF > 1 {agent=$1}
       init && /lookup attempt/ {print agent - init, $1 - init; exit}' "$log"
}

# The median of the numbers on stdin (separated by spaces or lines; of an even count, the lower middle one).
median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
