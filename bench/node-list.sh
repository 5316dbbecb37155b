#!/usr/bin/env bash
# Benchmark: GET /v1/nodes/detail of a 200-node fleet, this checkout's conductor against an earlier one.
#
# Method
#  - Two conductors run at once, side by side on this machine, each as ./ferrum conductor starts it
#    (dev.ferrum.conductor.Main, --noauth, embedded SQLite in a fresh data directory): "after" is this
#    checkout's conductor classes; "before" is the conductor sources of BEFORE (a git ref) compiled with
#    javac against the same libraries, on the class path as here (so only Ferrum's own code differs; BEFORE must have the same poms).
#  - Each gets the same fleet through the API: NODES fake-hardware nodes, moved to `available`
#    (manage, provide) and each claimed by an allocation (so allocation_uuid is filled in), at API
#    version `latest`.
#  - Measured: REPEAT back-to-back GET /v1/nodes/detail?limit=NODES over one kept-alive connection
#    (curl's time_total per request, client side), after WARM_UP unmeasured requests; the two sides
#    are interleaved RUNS times so load from other work on the machine falls on both alike.
#  - Reported: the median (and p90) per side over all runs, and the ratio after/before. Both listings'
#    bodies are compared first: the numbers mean nothing if the answers differ (uuids and times aside).
# Output: a table on stdout (progress on stderr); nothing is asserted. Logs: WORK_DIR/*.log.
# Usage: bench/node-list.sh   (env: BEFORE=<git ref, default the merge-base with main>, NODES=200,
#        RUNS=5, REPEAT=40, WARM_UP=60, WORK_DIR=conductor/target/node-list-bench)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
BEFORE=${BEFORE:-$(git -C "$here" merge-base HEAD main)}
NODES=${NODES:-200}
RUNS=${RUNS:-5}
REPEAT=${REPEAT:-40}
WARM_UP=${WARM_UP:-60}
WORK_DIR=${WORK_DIR:-$here/conductor/target/node-list-bench}
VERSION=latest

rm -rf "$WORK_DIR" && mkdir -p "$WORK_DIR"
echo "building this checkout's conductor and its runtime classpath..." >&2
(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests compile dependency:build-classpath \
  -Dmdep.includeScope=runtime -Dmdep.outputFile="$WORK_DIR/libs.txt") >&2
libs=$(cat "$WORK_DIR/libs.txt")
echo "compiling the conductor of $BEFORE..." >&2
source "$here/bench/lib/before-conductor.sh"
before_classes=$(before_conductor "$BEFORE" "$WORK_DIR/before")

pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
start() { # name classes port
  mkdir -p "$WORK_DIR/$1-data"
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$2:$libs" dev.ferrum.conductor.Main \
    --host 127.0.0.1 --port "$3" --noauth --data-dir "$WORK_DIR/$1-data" --boot-files "$WORK_DIR/$1-data/boot" > "$WORK_DIR/$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 300); do curl -sf -o /dev/null "http://127.0.0.1:$3/" && return 0; sleep 0.2; done
  echo "conductor $1 did not start; see $WORK_DIR/$1.log" >&2; exit 1
}
api() { # port method path [body]
  curl -sf -X "$2" -H "X-OpenStack-Ironic-API-Version: $VERSION" -H 'Content-Type: application/json' \
    ${4:+-d "$4"} "http://127.0.0.1:$1$3"
}
seed() { # port
  local uuids=() uuid
  for i in $(seq 1 "$NODES"); do
    uuid=$(api "$1" POST /v1/nodes "{\"driver\":\"fake-hardware\",\"name\":\"bench-$i\",\"resource_class\":\"bench\",
      \"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}" | sed -E 's/.*"uuid": ?"([^"]+)".*/\1/; q')
    uuids+=("$uuid")
    api "$1" PUT "/v1/nodes/$uuid/states/provision" '{"target":"manage"}' > /dev/null
  done
  for uuid in "${uuids[@]}"; do
    for _ in $(seq 1 100); do api "$1" GET "/v1/nodes/$uuid" | grep -q '"provision_state": \?"manageable"' && break; sleep 0.1; done
    api "$1" PUT "/v1/nodes/$uuid/states/provision" '{"target":"provide"}' > /dev/null
  done
  for uuid in "${uuids[@]}"; do
    for _ in $(seq 1 300); do api "$1" GET "/v1/nodes/$uuid" | grep -q '"provision_state": \?"available"' && break; sleep 0.1; done
    api "$1" POST /v1/allocations "{\"resource_class\":\"bench\",\"candidate_nodes\":[\"$uuid\"]}" > /dev/null
  done
  for _ in $(seq 1 300); do
    [[ $(api "$1" GET "/v1/allocations?state=active&limit=1000" | grep -o '"node_uuid"' | wc -l) -ge $NODES ]] && return 0
    sleep 0.2
  done
  echo "port $1: not every allocation became active" >&2; exit 1
}
times() { # port count -> one time_total (ms) per line
  local url="http://127.0.0.1:$1/v1/nodes/detail?limit=$NODES" args=()
  for _ in $(seq 1 "$2"); do args+=(-o /dev/null "$url"); done
  curl -s -H "X-OpenStack-Ironic-API-Version: $VERSION" -w '%{time_total}\n' "${args[@]}" | awk '{printf "%.3f\n", $1 * 1000}'
}

start before "$before_classes" 16385
start after "$here/conductor/target/classes" 16386
echo "seeding $NODES nodes with allocations into each..." >&2
seed 16385
seed 16386
normalize() { api "$1" GET "/v1/nodes/detail?limit=$NODES" | sed -E 's/[0-9a-f]{8}-[0-9a-f-]{27}/U/g; s/"[0-9]{4}-[0-9]{2}-[0-9]{2}T[^"]*"/T/g; s/127\.0\.0\.1:[0-9]+/H/g'; }
if ! cmp -s <(normalize 16385) <(normalize 16386); then
  echo "the two listings differ (uuids, times and ports aside): compare them before trusting a ratio" >&2
  exit 1
fi
echo "node-list benchmark on $(nproc) cores, JDK $("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java.version = //p'), $(date -u '+%Y-%m-%d %H:%M UTC'), before $(git -C "$here" rev-parse --short "$BEFORE"), after $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD || echo '+changes')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
times 16385 "$WARM_UP" > /dev/null
times 16386 "$WARM_UP" > /dev/null
: > "$WORK_DIR/before.ms"; : > "$WORK_DIR/after.ms"
for _ in $(seq 1 "$RUNS"); do
  times 16385 "$REPEAT" >> "$WORK_DIR/before.ms"
  times 16386 "$REPEAT" >> "$WORK_DIR/after.ms"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
stat() { sort -n "$1" | awk '{v[NR]=$1} END {printf "%.2f %.2f", v[int((NR+1)/2)], v[int(NR*0.9+0.5)]}'; }
read -r b50 b90 <<< "$(stat "$WORK_DIR/before.ms")"
read -r a50 a90 <<< "$(stat "$WORK_DIR/after.ms")"
printf '| GET /v1/nodes/detail, %d nodes, %d requests each | median ms | p90 ms |\n|---|---|---|\n' "$NODES" $((RUNS * REPEAT))
printf '| before | %s | %s |\n| after | %s | %s |\n' "$b50" "$b90" "$a50" "$a90"
awk -v a="$a50" -v b="$b50" 'BEGIN {printf "ratio after/before (medians): %.2f\n", a / b}'
