#!/usr/bin/env bash
# Benchmark: heartbeat saturation, this checkout's conductor against an earlier one, side by side.
#
# Method
#  - bench/fleet.sh's saturation part only (FleetBench with no IPA-rate sizes and no cold starts; its
#    header says how it seeds, loads and measures): SATURATION_WORKERS loops each send the next agent's
#    heartbeat as soon as the previous reply arrives, cycling over SATURATION_AGENTS agents in
#    `inspect wait`, then the same loops on GET / as the HTTP stack's baseline on the same conductor.
#  - "after" is this checkout's conductor classes; "before" is the conductor sources of BEFORE (a git
#    ref) compiled against the same libraries (bench/lib/before-conductor.sh), so only Ferrum's code
#    differs. The two alternate ROUNDS times (before, after, before, after, ...) so other work on the
#    machine falls on both alike; compare heartbeats/s and p99 within a round, and each side's ratio to
#    its own GET / baseline.
#  - GENERATOR=wrk sends the heartbeats with wrk (Debian package wrk) instead of FleetBench's Java loops, so the
#    generator costs a fraction of a core and the conductor gets the machine (WrkBench; its header and
#    bench/lib/heartbeat.lua's say how). Same fleet, seeding, lookups, heartbeat body, microversion and tokens;
#    WRK_THREADS (default 1) wrk threads hold SATURATION_WORKERS connections in all, each sending the next
#    heartbeat on each reply, round robin over the agents; then GET / the same way as the baseline. wrk's
#    latency percentiles and 2xx count (the route answers only 202 on success), its own CPU (its /proc/self/stat
#    at the end) and the conductor's; "recorded" is checked node by node after the run: each heartbeat carries an
#    agent version naming its request (9.4.3+<run>.<n>; an agent's callback URL stays the same, as a real agent's
#    does), and each node's recorded agent_version must be the last one sent to it (or the one before, for at
#    most as many nodes as were in flight when wrk stopped). Runs recorded up to 2026-11-27 21:00 UTC named the
#    request in the callback URL instead, so the conductor remembered a new agent address on every heartbeat.
#  - MIDDLE (optional, git refs between BEFORE and HEAD) adds a side per ref, compiled the same way and run
#    between before and after in each round, so each change's own effect is measured in the same run.
# Output: each run's table on stdout (progress on stderr); nothing is asserted. Logs: WORK_DIR/*/logs/.
# Usage: bench/heartbeat-ab.sh   (env: BEFORE=<git ref, default the merge-base with main>, MIDDLE="<refs>", ROUNDS=2,
#        SATURATION_AGENTS=1000, SATURATION_WORKERS=32, SATURATION_WARM_UP=5, SATURATION_WINDOW=20,
#        GENERATOR=java|wrk, WRK_THREADS=1, CONDUCTOR_JVM_OPTIONS for the after side, e.g. a JFR recording)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
BEFORE=${BEFORE:-$(git -C "$here" merge-base HEAD main)}
ROUNDS=${ROUNDS:-2}
WORK_DIR=${WORK_DIR:-$here/conductor/target/heartbeat-ab}

mkdir -p "$WORK_DIR"
echo "building this checkout's conductor and the bench harness..." >&2
(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$WORK_DIR/libs.txt") >&2
libs=$(cat "$WORK_DIR/libs.txt")
source "$here/bench/lib/before-conductor.sh"
declare -A side_classes
side_classes[before]=$(before_conductor "$BEFORE" "$WORK_DIR/before")
sides=(before)
for ref in ${MIDDLE:-}; do
  side="at-$(git -C "$here" rev-parse --short "$ref")"
  classes=$(before_conductor "$ref" "$WORK_DIR/$side")
  side_classes[$side]=$classes
  sides+=("$side")
done
side_classes[after]="$here/conductor/target/classes"
sides+=(after)
harness="$here/conductor/target/test-classes:${side_classes[after]}:$libs"

echo "heartbeat A/B on $(nproc) cores, JDK $("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java.version = //p'), $(date -u '+%Y-%m-%d %H:%M UTC'), before $(git -C "$here" rev-parse --short "$BEFORE"),${MIDDLE:+ between ${sides[*]:1:${#sides[@]}-2},} after $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD || echo '+changes')"
for round in $(seq 1 "$ROUNDS"); do
  for side in "${sides[@]}"; do
    echo
    echo "round $round, $side (load average $(cut -d' ' -f1-3 /proc/loadavg)):"
    jvm_options="--enable-native-access=ALL-UNNAMED"
    if [[ $side == after ]]; then jvm_options+=" ${CONDUCTOR_JVM_OPTIONS:-}"; fi
    if [[ ${GENERATOR:-java} == wrk ]]; then
      bench=(dev.ferrum.conductor.fleet.WrkBench --wrk="$(command -v wrk)" --wrk-threads="${WRK_THREADS:-1}"
        --wrk-script="$here/bench/lib/heartbeat.lua")
    else
      bench=(dev.ferrum.conductor.fleet.FleetBench --sizes= --cold-runs=0)
    fi
    "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$harness" "${bench[@]}" \
      --conductor-jvm-options="$jvm_options" --saturation-agents="${SATURATION_AGENTS:-1000}" \
      --saturation-workers="${SATURATION_WORKERS:-32}" --saturation-warm-up="${SATURATION_WARM_UP:-5}" \
      --saturation-window="${SATURATION_WINDOW:-20}" --work-dir="$WORK_DIR/$side-$round" \
      --conductor-jar="${side_classes[$side]}:$libs" | sed '/^$/d'
  done
done
