#!/usr/bin/env bash
# Benchmark: one conductor serving a fleet of simulated agents that look up and heartbeat like IPA.
#
# Method
#  - The real conductor (dev.ferrum.conductor.Main from conductor/target/ferrum-conductor.jar, started
#    as ./ferrum conductor starts it, embedded SQLite in a fresh data directory, --noauth) runs in its
#    own JVM; the load generator (conductor/src/test/java/dev/ferrum/conductor/fleet/FleetBench) is a
#    second JVM. Both share this machine's cores, so the generator's CPU is reported too.
#  - The fleet is enrolled up front directly through the Store (not the API: four calls and two flow
#    runs per node would make seeding 10,000 nodes slower than measuring them): N fake-hardware nodes
#    in `inspect wait`, each with one port. A heartbeat there is real conductor work - token check, then
#    (since issue 16) a narrow update of the heartbeat keys and the refreshed wait deadline in a group
#    commit (since issue 13 the first heartbeat too, with its history entry, in that commit: no flow moves on
#    it in `inspect wait`) - without any agent behind the callback URL.
#  - Each agent looks its node up once (GET /v1/lookup?addresses=<mac>, API 1.62; the first lookup
#    issues the agent token), then heartbeats (POST /v1/heartbeat/<uuid>, API 1.68, with callback_url,
#    agent_token, agent_version) over one shared HTTP/1.1 client, at most MAX_IN_FLIGHT requests at once.
#  - Cold start: launch of the conductor JVM to its first 200 on GET /, with an empty new store and
#    with the largest fleet in the store; the baseline, run interleaved, is a bare `java -version`.
#    Median of COLD_RUNS runs.
#  - IPA rate, for each of SIZES: every agent waits HEARTBEAT_TIMEOUT x U(0.3, 0.6) between
#    heartbeats (IPA's rule; Ironic's default timeout is 300 s), first heartbeats spread over the
#    first mean interval. After WARM_UP s, one WINDOW s window is measured: accepted heartbeats/s,
#    p50/p99/max latency (HdrHistogram, client side, request sent to reply read), errors, conductor
#    CPU% (of one core) and RSS from /proc/<pid>, and the generator's CPU%.
#  - Saturation: SATURATION_WORKERS loops each send the next agent's heartbeat (cycling over
#    SATURATION_AGENTS agents) as soon as the previous reply arrives; then, side by side on the same
#    conductor, the same loops on GET / (no store) as the baseline of the HTTP stack.
#  - Since issue 16 the 202 follows the heartbeat's commit (group commit of narrow writes; one for a locked
#    node, or one a flow moves on, is kept in the store and recorded under the lock after the 202; until
#    issue 13 a node's first heartbeat was too); after each run the nodes are read back through the API until every agent's last accepted
#    heartbeat is on its node: "recorded after stop" says how long that took (or how many never were).
# Scale-out (CONDUCTORS=N DATABASE_URL=jdbc:postgresql://... bench/fleet.sh; dev.ferrum.conductor.fleet.ClusterBench):
#  - For each of SIZES, in the same run: first one conductor on embedded SQLite (left out with SINGLE=0), then N conductor JVMs
#    (c1..cN, heartbeat every 2 s, dead after CONDUCTOR_DEAD s) on one fresh PostgreSQL schema, the fleet
#    seeded as above (SQLite by one writer, PostgreSQL over 8 connections). Each node's conductor_affinity is
#    its owner on the same hash ring the conductors build (the conductor that booted it), and its agent looks
#    up and heartbeats there, at IPA's rate as above.
#  - Lookups: the single conductor's agents in one go, then all N conductors' agents at once (each conductor's
#    agents start heartbeating when its own lookups are done); the time each took is reported. A lookup
#    answered 409 or 503 is retried after 0.5 s (up to 20 times), as IPA retries its lookup; 503s are counted.
#  - One WINDOW s window after WARM_UP s: accepted heartbeats/s over all conductors, p50/p99/max (the
#    conductors' histograms merged), errors; the ratio of cluster to single heartbeats/s. (At IPA's rate both
#    take what the agents send: the ratio shows what the cluster costs, not its capacity.)
#  - Conductor JVMs get CONDUCTOR_JVM_OPTIONS (default -Xmx2g), the generator BENCH_JVM_OPTIONS (default -Xmx2g).
#  - Takeover: c1's agents stop and c1 gets SIGKILL; the time until the survivors have re-driven every one of
#    c1's nodes (none left with conductor_affinity c1 in `inspect wait`, polled in PostgreSQL every 200 ms),
#    and until the first one; after TAKEOVER_LIMIT minutes (default 15) how many were taken over by then.
# Output: a table on stdout (progress on stderr); nothing is asserted. Logs: WORK_DIR/logs/.
# A full run with the defaults takes about 10 minutes on 2 cores (build included).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME

SIZES=${SIZES:-1000,10000}
HEARTBEAT_TIMEOUT=${HEARTBEAT_TIMEOUT:-300}
WARM_UP=${WARM_UP:-30}
WINDOW=${WINDOW:-120}
SATURATION_AGENTS=${SATURATION_AGENTS:-1000}
SATURATION_WORKERS=${SATURATION_WORKERS:-64}
SATURATION_WARM_UP=${SATURATION_WARM_UP:-10}
SATURATION_WINDOW=${SATURATION_WINDOW:-30}
COLD_RUNS=${COLD_RUNS:-5}
MAX_IN_FLIGHT=${MAX_IN_FLIGHT:-64}
WORK_DIR=${WORK_DIR:-$here/conductor/target/fleet-bench}
CONDUCTOR_JAR=${CONDUCTOR_JAR:-$here/conductor/target/ferrum-conductor.jar}

# The conductor jar, its runtime libraries and the harness's test classes, from the current sources.
(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt) >&2
cp="$here/conductor/target/test-classes:$here/conductor/target/classes:$(cat "$here/conductor/target/test-classpath.txt")"

echo "fleet benchmark on $(nproc) cores, $(uname -m), $(awk '/MemTotal/ {printf "%.0f GiB RAM", $2/1048576}' /proc/meminfo)," \
  "JDK $("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = //p'), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the numbers)"
if [[ -n "${CONDUCTORS:-}" ]]; then
  # Heaps bounded: the machine is usually shared, and four JVMs with the default (a quarter of RAM) each add up.
  exec "$JAVA_HOME/bin/java" ${BENCH_JVM_OPTIONS:--Xmx2g} --enable-native-access=ALL-UNNAMED -cp "$cp" \
    dev.ferrum.conductor.fleet.ClusterBench \
    --sizes="${SIZES:-10000}" --conductors="$CONDUCTORS" --database-url="${DATABASE_URL:?set DATABASE_URL}" \
    --heartbeat-timeout="$HEARTBEAT_TIMEOUT" --warm-up="$WARM_UP" --window="$WINDOW" \
    --conductor-heartbeat-timeout="${CONDUCTOR_DEAD:-10}" --max-in-flight="$MAX_IN_FLIGHT" \
    --takeover-limit="${TAKEOVER_LIMIT:-15}" --single="${SINGLE:-1}" --work-dir="$WORK_DIR" --conductor-jar="$CONDUCTOR_JAR" \
    --conductor-jvm-options="${CONDUCTOR_JVM_OPTIONS:---enable-native-access=ALL-UNNAMED -Xmx2g}"
fi
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" dev.ferrum.conductor.fleet.FleetBench \
  --sizes="$SIZES" --heartbeat-timeout="$HEARTBEAT_TIMEOUT" --warm-up="$WARM_UP" --window="$WINDOW" \
  --saturation-agents="$SATURATION_AGENTS" --saturation-workers="$SATURATION_WORKERS" \
  --saturation-warm-up="$SATURATION_WARM_UP" --saturation-window="$SATURATION_WINDOW" \
  --cold-runs="$COLD_RUNS" --max-in-flight="$MAX_IN_FLIGHT" --work-dir="$WORK_DIR" \
  --conductor-jar="$CONDUCTOR_JAR"
