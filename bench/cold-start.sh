#!/usr/bin/env bash
# Benchmark: conductor cold start, launch to the first 200 on GET /v1, before and after, and Ironic's.
#
# Method
#  - "after": `./ferrum conductor --noauth` of this checkout, exactly as a user runs it (the script's own checks
#    included), so with the class cache the build trains (JDK 25's AOT cache, AppCDS on 21-24) when it fits.
#  - "before": the conductor sources of BEFORE (a git ref, default the merge-base with main) compiled against the
#    same libraries (bench/lib/before-conductor.sh) and started as ./ferrum started it then: `java
#    --enable-native-access=ALL-UNNAMED` on the class path, no class cache.
#  - "no cache": this checkout's jar without the class cache, to separate the cache's share from the rest.
#  - "ironic": Ironic's all-in-one `ironic` (Debian packages, integration/src/test/scripts/install-ironic.sh), noauth,
#    no message queue, SQLite, one API worker, the schema created beforehand by ironic-dbsync (not timed); skipped,
#    and said so, when /usr/bin/ironic is missing.
#  - Each Ferrum variant twice: on a new data directory (schema migrations run) and on an existing one (a restart).
#  - Timing: the launch instant (date +%s%N) to the first `curl -sf http://127.0.0.1:PORT/v1` that succeeds,
#    polled every 10 ms; then the process group is stopped by its id. Variants are interleaved RUNS times so load
#    from other work falls on all alike; the median of each is reported with ratios in the same run.
# Output: a table on stdout (progress on stderr); nothing is asserted. Logs: WORK_DIR/*.log.
# Usage: bench/cold-start.sh   (env: RUNS=7, BEFORE=<git ref>, WORK_DIR=conductor/target/cold-start-bench)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
RUNS=${RUNS:-7}
BEFORE=${BEFORE:-$(git -C "$here" merge-base HEAD main)}
WORK_DIR=${WORK_DIR:-$here/conductor/target/cold-start-bench}
PORT=${PORT:-6490}
jar=$here/conductor/target/ferrum-conductor.jar

rm -rf "$WORK_DIR" && mkdir -p "$WORK_DIR"
echo "building this checkout's conductor (jar and class cache) and its runtime classpath..." >&2
(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests package dependency:build-classpath \
  -Dmdep.includeScope=runtime -Dmdep.outputFile="$WORK_DIR/libs.txt") >&2
libs=$(cat "$WORK_DIR/libs.txt")
# ./ferrum rebuilds when a source is newer than the jar: let it do so now, not inside a timed start.
"$here/ferrum" conductor --version >&2
echo "compiling the conductor of $BEFORE..." >&2
# shellcheck source=bench/lib/before-conductor.sh
source "$here/bench/lib/before-conductor.sh"
before_classes=$(before_conductor "$BEFORE" "$WORK_DIR/before")

group=""
cleanup() { [[ -z "$group" ]] || kill -- "-$group" 2>/dev/null || true; }
trap cleanup EXIT

# time_start NAME COMMAND... -> milliseconds from launch to the first 200 on /v1
time_start() {
  local name=$1 start end
  shift
  start=$(date +%s%N)
  setsid "$@" > "$WORK_DIR/$name.log" 2>&1 &
  group=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$PORT/v1"; do
    if ! kill -0 "$group" 2>/dev/null; then echo "$name exited while starting; see $WORK_DIR/$name.log" >&2; exit 1; fi
    sleep 0.01
  done
  end=$(date +%s%N)
  kill -- "-$group"
  while kill -0 "$group" 2>/dev/null; do sleep 0.05; done
  group=""
  echo $(((end - start) / 1000000))
}

ferrum_args() { echo --noauth --port "$PORT" --data-dir "$1"; }
before() { # data dir
  # shellcheck disable=SC2046
  time_start before "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$before_classes:$libs" \
    dev.ferrum.conductor.Main $(ferrum_args "$1")
}
no_cache() {
  # shellcheck disable=SC2046
  time_start no-cache "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -jar "$jar" $(ferrum_args "$1")
}
after() {
  # shellcheck disable=SC2046
  time_start after "$here/ferrum" conductor $(ferrum_args "$1")
}

ironic_conf=""
if [[ -x /usr/bin/ironic && -x /usr/bin/ironic-dbsync ]]; then
  dir=$WORK_DIR/ironic
  mkdir -p "$dir/tmp"
  ironic_conf=$dir/ironic.conf
  # The all-in-one service as the interop tests run it (IronicService), fake hardware only.
  cat > "$ironic_conf" <<EOF
[DEFAULT]
auth_strategy = noauth
rpc_transport = none
host = cold-start-bench
tempdir = $dir/tmp
enabled_hardware_types = fake-hardware
enabled_boot_interfaces = fake
enabled_deploy_interfaces = fake
enabled_management_interfaces = fake
enabled_power_interfaces = fake
enabled_network_interfaces = noop
[api]
host_ip = 127.0.0.1
port = $PORT
api_workers = 1
[database]
connection = sqlite:///$dir/ironic.sqlite
[dhcp]
dhcp_provider = none
EOF
  /usr/bin/ironic-dbsync --config-file "$ironic_conf" create_schema > "$dir/dbsync.log" 2>&1
else
  echo "Ironic not installed (integration/src/test/scripts/install-ironic.sh): its column is skipped" >&2
fi

echo "conductor cold start on $(nproc) cores, $(uname -m), JDK $(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' \
  "$JAVA_HOME/release"), $(date -u '+%Y-%m-%d %H:%M UTC'), RUNS=$RUNS, before=$(git -C "$here" rev-parse --short "$BEFORE")"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews the numbers)"
declare -A samples
for run in $(seq 1 "$RUNS"); do
  for variant in before no_cache after; do
    samples[$variant-new]+="$("$variant" "$WORK_DIR/$variant-new-$run") "
    samples[$variant-existing]+="$("$variant" "$WORK_DIR/$variant-existing") "
  done
  if [[ -n "$ironic_conf" ]]; then
    samples[ironic]+="$(time_start ironic /usr/bin/ironic --config-file "$ironic_conf") "
  fi
  echo "run $run/$RUNS done" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
printf '\n| variant | store | median ms | runs (ms) |\n|---|---|---|---|\n'
declare -A med
for key in before-new no_cache-new after-new before-existing no_cache-existing after-existing ironic; do
  [[ -n "${samples[$key]:-}" ]] || continue
  med[$key]=$(echo "${samples[$key]}" | median)
  printf '| %s | %s | %s | %s |\n' "${key%%-*}" "$([[ $key == ironic ]] && echo "existing (dbsync'd)" || echo "${key#*-}")" \
    "${med[$key]}" "${samples[$key]% }"
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
echo
echo "after / before: new store $(ratio "${med[after-new]}" "${med[before-new]}")x," \
  "existing store $(ratio "${med[after-existing]}" "${med[before-existing]}")x"
if [[ -n "${med[ironic]:-}" ]]; then
  echo "after / ironic: new store $(ratio "${med[after-new]}" "${med[ironic]}")x," \
    "existing store $(ratio "${med[after-existing]}" "${med[ironic]}")x"
fi
