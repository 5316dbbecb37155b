#!/usr/bin/env bash
# Benchmark: how long a virtual bare-metal machine takes from power-on to the agent's first lookup
# and to its inventory reaching the conductor, through real PXE.
#
# Method
#  - Runs PxeBootBenchmark (integration/src/test/java/dev/ferrum/integration/vm/) through Maven:
#    the VM test's set-up (QEMU under TCG, -m 1024, one CPU, virtio NIC on a tap in a private
#    network namespace; QEMU's iPXE ROM; dnsmasq for DHCP; Ferrum's conductor serving the iPXE
#    scripts, the bzImage and the zstd initramfs over HTTP; power through ipmi_sim + ipmitool) with
#    the agent ramdisk built from this checkout (cached in CACHE by its inputs).
#  - Each of RUNS runs inspects the node, then cleans it (provide; metadata erase only), then
#    manages it again. "QEMU start" is when the BMC's hook execs QEMU for that boot (its qemu.log);
#    "inventory received" the conductor's log record of the inspection data arriving (an inspecting
#    ramdisk's first request is the inventory itself); "first lookup" the record of the agent's
#    GET /v1/lookup in the cleaning boot. Reported: each run and the medians, plus the ramdisk's sizes.
#  - Baseline, from shared/docs/TESTING.md's iPXE + dnsmasq recipe: /init at 24 s and the lean Java
#    probe's first HTTP request at 36 s after QEMU start (issue 5 quotes it as 25 s to the first
#    HTTP call). Compare the median "first lookup" with those.
#  - The cleaning boot's seconds are split into phases (BootPhases): QEMU start; iPXE's console lines
#    (DHCP, script fetch) timed on the host as they arrive in the console file; the conductor's log
#    of each boot file sent (bytes, milliseconds); /init's one console line of uptimes (init, device
#    drivers, other modules, lease, agent), which also places the kernel's start (its arrival less
#    the last uptime); the agent's first log line; the conductor's lookup record. Medians per phase.
#  - BASELINE=DIR (a directory with another ramdisk's vmlinuz and initramfs, e.g. built from main):
#    every run boots the baseline and then this checkout's ramdisk, interleaved, so both see the
#    same load; the report adds the ratio of the medians. INSPECT=false skips the inspection boots;
#    BOOT_MINUTES (10) is how long one boot may take to reach its end state on a loaded machine.
#  - One VM at a time; the machine is shared, so note the load (printed below) with the result.
# Usage: integration/bench/pxe-boot.sh   (env: RUNS=5, CACHE=~/.cache/ferrum, BASELINE, INSPECT=true, BOOT_MINUTES=10;
#        needs root, QEMU, ipmi_sim, ipmitool, dnsmasq, iproute2 -- as the VM test)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RUNS=${RUNS:-5}
CACHE=${CACHE:-$HOME/.cache/ferrum}
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
echo "pxe-boot: $(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$here" && ./mvnw -B -ntp -q -pl integration -am verify -Dtest=PxeBootBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
  -Dferrum.bench.runs="$RUNS" -Dferrum.cacheDir="$CACHE" -Dferrum.bench.baseline="${BASELINE:-}" \
  -Dferrum.bench.inspect="${INSPECT:-true}" -Dferrum.bench.bootMinutes="${BOOT_MINUTES:-10}") >&2 ||
  echo "pxe-boot: a boot failed (see integration/target/vm-logs); the runs before it:"
echo "pxe-boot: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$here/integration/target/pxe-boot-bench.txt"
