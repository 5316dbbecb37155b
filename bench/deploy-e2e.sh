#!/usr/bin/env bash
# Benchmark: one whole-disk image deploy end to end, agent start -> `active`, Ferrum's agent under
# (a) Ferrum's conductor and (b) a real OpenStack Ironic, side by side in one run.
#
# Method
#  - Runs DeployEndToEndBenchmark (integration/src/test/java/dev/ferrum/integration/ironic/) through Maven.
#  - Both conductors run as their own processes on loopback for the whole run, started untimed: (a) Ferrum's
#    conductor (`dev.ferrum.conductor.Main`, embedded SQLite, noauth, no automated cleaning); (b) Ironic's
#    all-in-one `ironic` (Debian 12's 2023.1 packages, integration/src/test/scripts/install-ironic.sh) with
#    IronicService's config: noauth, rpc_transport=none, SQLite, one API worker, automated_clean=false,
#    [api]ramdisk_heartbeat_timeout=20 (default 300: the agent heartbeats every 0.3-0.6x of it, so 20 is
#    faster than Ironic's default, never slower); every other interval at Ironic's default.
#  - Same node on both: manual-management, boot pxe, deploy direct, management noop, power fake, network
#    noop, deploy_forces_oob_reboot=true, boot_mode:bios; one port with the fixture machine's MAC.
#  - Same image: IMAGE_MIB MiB of random bytes, raw, sha256 in image_os_hash_algo/value, served by one
#    loopback file server. Same agent: Ferrum's agent in its own JVM (`run --file-disks`) on a fresh
#    fixture machine (sysfs/procfs fixture, an 8 GiB sparse file as the disk) per deploy.
#  - Per deploy, untimed: enroll, manage, provide (no cleaning on either side), `active`, wait for
#    `wait call-back`. Timed: the agent process's start to the first poll (GET /v1/nodes/<uuid> every
#    100 ms) that shows `active` with no target. The disk is then checked to hold the image.
#  - "before" (when BEFORE is a git ref, default none): a third side, Ferrum's conductor with BEFORE's
#    conductor classes (bench/lib/before-conductor.sh: compiled against this checkout's libraries) put first
#    on the same class path, so only the conductor's code differs from "ferrum"; its agents likewise run
#    BEFORE's versions of the agent sources changed since (bench/lib/before-agent.sh), so "before" is BEFORE's
#    conductor and agent, "ferrum" this checkout's. The "ironic" side runs this checkout's agent.
#  - Every JVM logs with millisecond times (java.util.logging's format, through JAVA_TOOL_OPTIONS), and the
#    agent's own start is split from its log per side (bench/lib/agent-phases.sh, medians over the runs):
#    "agent started" -> lookup answered -> command API listening -> heartbeating -> the first command.
#  - RUNS rounds; each round deploys once on each side, the order rotating round by round so load
#    from other work falls on every side alike. Reported: each deploy with the time each provision state /
#    deploy step was first polled, the medians, the ratio a/b and a / real IPA+Ironic's 11.6 s (measured
#    earlier on this class of machine, issue 16).
#  - The machine is shared: the load average before and after is printed; compare ratios, not seconds.
# Output: a table on stdout (Maven's progress on stderr); nothing is asserted about time.
# Usage: bench/deploy-e2e.sh   (env: RUNS=5, IMAGE_MIB=32, BEFORE=<git ref>, WORK_DIR=integration/target/deploy-e2e;
#        needs /usr/bin/ironic)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${RUNS:-5}
IMAGE_MIB=${IMAGE_MIB:-32}
BEFORE=${BEFORE:-}
WORK_DIR=${WORK_DIR:-$here/integration/target/deploy-e2e}
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
if [[ ! -x /usr/bin/ironic ]]; then
  echo "deploy-e2e: /usr/bin/ironic is missing; run integration/src/test/scripts/install-ironic.sh as root" >&2
  exit 1
fi
before_classes=""
before_agent_classes=""
if [[ -n "$BEFORE" ]]; then
  rm -rf "$WORK_DIR" && mkdir -p "$WORK_DIR"
  echo "deploy-e2e: compiling the conductor of $BEFORE..." >&2
  (cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests -Djazzer.skip package dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile="$WORK_DIR/libs.txt") >&2
  libs=$(cat "$WORK_DIR/libs.txt")
  # shellcheck source=bench/lib/before-conductor.sh
  source "$here/bench/lib/before-conductor.sh"
  before_classes=$(before_conductor "$BEFORE" "$WORK_DIR/before")
  echo "deploy-e2e: compiling the agent sources changed since $BEFORE..." >&2
  (cd "$here" && ./mvnw -B -ntp -q -pl agent -am -DskipTests -Djazzer.skip package dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile="$WORK_DIR/agent-libs.txt") >&2
  # shellcheck source=bench/lib/before-agent.sh
  source "$here/bench/lib/before-agent.sh"
  before_agent_classes=$(before_agent "$BEFORE" "$WORK_DIR/before-agent" \
    "$here/agent/target/classes:$(cat "$WORK_DIR/agent-libs.txt")")
fi
echo "deploy-e2e: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Millisecond log times in every JVM (Maven's, the conductors', the agents'), for the agent phases below.
export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Djava.util.logging.SimpleFormatter.format=%1\$tT.%1\$tL_%4\$s_%3\$s_%5\$s%6\$s%n"
(cd "$here" && ./mvnw -B -ntp -q -pl integration -am verify -Dtest=DeployEndToEndBenchmark \
  -Dsurefire.failIfNoSpecifiedTests=false -Djazzer.skip \
  -Dferrum.bench.runs="$RUNS" -Dferrum.bench.imageMiB="$IMAGE_MIB" -Dferrum.bench.beforeClasses="$before_classes" \
  -Dferrum.bench.beforeAgentClasses="$before_agent_classes") >&2
echo "deploy-e2e: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$here/integration/target/deploy-e2e-bench.txt"
bash "$here/bench/lib/agent-phases.sh" "$here/integration/target/deploy-e2e-logs"
