#!/usr/bin/env bash
# Benchmark: how long the agent ramdisk takes from QEMU start to Java's main().
#
# Method
#  - Builds ramdisks with ferrum-image-builder from a marker program (a Java main that prints
#    FERRUM-SMOKE-MARKER plus the guest's /proc/uptime), Debian's kernel and the real /init:
#    module loading, DHCP on QEMU's user network, plugin handling, JVM start with the class cache.
#    Each VARIANT changes one thing: initramfs compression, class cache, kernel format. A fourth
#    part "agent" boots the real agent (AGENT_DIR, default agent/target) running `inventory`
#    instead, and the figure is QEMU start to /init's "the agent exited" line: JVM start, plugin
#    discovery, a full inventory of the VM and exit.
#  - Each run starts qemu-system-x86_64 (TCG, -m 1024, virtio-net, user networking) and
#    timestamps every serial-console line as it arrives through a FIFO; the run's figure is the
#    wall time from just before QEMU is started to the marker line. QEMU is killed (by its PID)
#    as soon as the marker is seen. Reported per variant: the median and the spread of RUNS runs,
#    and the guest's own uptime at main() (kernel start to main, without firmware).
#  - Runs are sequential (2 cores: one VM at a time); nothing else should run meanwhile.
# Usage: image-builder/bench/boot-time.sh   (env: RUNS=5, VARIANTS="...", CACHE=~/.cache/ferrum, AGENT_DIR)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RUNS=${RUNS:-5}
VARIANTS=${VARIANTS:-"zstd-appcds-vmlinux none-appcds-vmlinux zstd-nocache-vmlinux zstd-aot-vmlinux zstd-appcds-bzimage zstd-appcds-vmlinux-agent zstd-nocache-vmlinux-agent zstd-aot-vmlinux-agent"}
CACHE=${CACHE:-$HOME/.cache/ferrum}
AGENT_DIR=${AGENT_DIR:-$here/agent/target}
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
work=$(mktemp -d /tmp/ferrum-boot-bench.XXXXXX)
qemu_pid=""
cleanup() {
  if [[ -n "$qemu_pid" ]]; then kill "$qemu_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

command -v qemu-system-x86_64 >/dev/null || { echo "boot-time: qemu-system-x86_64 is not installed" >&2; exit 1; }

(cd "$here" && ./mvnw -B -ntp -q -pl image-builder package -DskipTests \
  dependency:build-classpath -Dmdep.outputFile="$work/classpath" -Dmdep.includeScope=runtime) >&2
classpath="$here/image-builder/target/classes:$(cat "$work/classpath")"

# The marker program: prints the marker and the guest's uptime, then exits.
mkdir -p "$work/marker/src/bench" "$work/marker/classes" "$work/marker/agent/lib"
cat >"$work/marker/src/bench/Main.java" <<'JAVA'
package bench;
public class Main {
    public static void main(String[] args) throws Exception {
        String uptime = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/uptime")).split(" ")[0];
        System.out.println("FERRUM-SMOKE-MARKER uptime=" + uptime);
    }
}
JAVA
"$JAVA_HOME/bin/javac" --release 21 -d "$work/marker/classes" "$work/marker/src/bench/Main.java"
"$JAVA_HOME/bin/jar" --create --file "$work/marker/agent/ferrum-agent.jar" --main-class bench.Main \
  --date 2026-01-01T00:00:00Z -C "$work/marker/classes" .

median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.0f\n", (a[NR/2]+a[NR/2+1])/2}'; }

boot_once() { # kernel initrd pattern -> prints "<ms to the pattern's line> <guest uptime or ->"
  local fifo="$work/console.fifo"
  rm -f "$fifo"; mkfifo "$fifo"
  local t0; t0=$(date +%s%N)
  qemu-system-x86_64 -accel tcg -m 1024 -nographic -no-reboot -kernel "$1" -initrd "$2" \
    -append "console=ttyS0 quiet ferrum-on-exit=poweroff" \
    -netdev user,id=n0 -device virtio-net-pci,netdev=n0 </dev/null >"$fifo" 2>&1 &
  qemu_pid=$!
  local result="timeout -"
  while IFS= read -r -t 240 line; do
    if [[ "$line" == *"$3"* ]]; then
      local uptime=-
      [[ "$line" == *uptime=* ]] && uptime=${line##*uptime=}
      result="$(( ($(date +%s%N) - t0) / 1000000 )) $uptime"
      break
    fi
  done <"$fifo"
  kill "$qemu_pid" 2>/dev/null || true
  wait "$qemu_pid" 2>/dev/null || true
  qemu_pid=""
  echo "$result"
}

printf '%-24s %10s %10s %10s %12s %12s\n' "variant" "median ms" "min ms" "max ms" "guest s" "boot MB"
for variant in $VARIANTS; do
  IFS=- read -r compression cache kernel agent <<<"$variant"
  [[ "$cache" == nocache ]] && cache=none
  out="$work/out-$variant"
  agent_dir="$work/marker/agent"; command=run; pattern=FERRUM-SMOKE-MARKER
  if [[ "${agent:-}" == agent ]]; then
    [[ -f "$AGENT_DIR/ferrum-agent.jar" ]] || { echo "boot-time: no agent in $AGENT_DIR; build it first" >&2; exit 1; }
    agent_dir="$AGENT_DIR"; command=inventory; pattern="the agent exited"
  fi
  "$JAVA_HOME/bin/java" -cp "$classpath" dev.ferrum.imagebuilder.Main build --agent-dir "$agent_dir" \
    --output "$out" --cache-dir "$CACHE" --compression "$compression" --class-cache "$cache" --vmlinux \
    --no-rootfs-tar --exit-delay 0 --agent-command "$command" >/dev/null
  image="$out/vmlinux"; [[ "$kernel" == bzimage ]] && image="$out/vmlinuz"
  times=(); uptimes=()
  for ((i = 0; i < RUNS; i++)); do
    read -r ms up < <(boot_once "$image" "$out/initramfs" "$pattern")
    times+=("$ms"); uptimes+=("$up")
  done
  boot_mb=$(awk -v a="$(stat -c %s "$out/vmlinuz")" -v b="$(stat -c %s "$out/initramfs")" 'BEGIN {printf "%.1f", (a+b)/1e6}')
  printf '%-24s %10s %10s %10s %12s %12s\n' "$variant" "$(printf '%s\n' "${times[@]}" | median)" \
    "$(printf '%s\n' "${times[@]}" | sort -n | head -n1)" "$(printf '%s\n' "${times[@]}" | sort -n | tail -n1)" \
    "$(printf '%s\n' "${uptimes[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$boot_mb"
done
