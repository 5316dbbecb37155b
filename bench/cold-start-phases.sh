#!/usr/bin/env bash
# Benchmark: where the conductor's cold start goes, phase by phase, for one or two built conductors.
#
# Method
#  - Each side is a built conductor directory (its target/: ferrum-conductor.jar, lib/, native/ and the class cache)
#    started as ./ferrum starts it (the JVM flags of the ./ferrum of this checkout: JIT thresholds, cache, sqlite), `--noauth`, on an
#    existing store (made by one untimed start first), plus `-Xlog:startuptime` to a file (the JVM's own phases).
#    AFTER is this checkout's conductor/target; BEFORE (optional) another one, e.g. a
#    checkout of main built with `./mvnw -pl conductor -am package -DskipTests`.
#  - Phases: the JVM's own start ("Create VM" of -Xlog:startuptime), then the conductor's phases from the one line
#    it logs once it listens ("started in N ms (options n ms, settings n ms, store n ms, ...)", cli/StartTimes:
#    options = picocli building its model and parsing), and the rest of the wall time: launching java, loading
#    Main, answering the first request and the poll's granularity. A side whose conductor predates that line
#    shows only the JVM and the total.
#  - Wall: launch (date +%s%N) to the first `curl -sf /v1` that succeeds, polled every 10 ms. CPU: user+sys of
#    the JVM process (/proc/PID/stat, 10 ms ticks) read at that moment: steadier than wall on a shared machine.
#  - Sides interleaved RUNS times; medians. Output: a table on stdout, nothing asserted.
# Usage: bench/cold-start-phases.sh   (env: RUNS=5, BEFORE=<dir of a built conductor's target/>, PORT=6491,
#        BEFORE_LAUNCHER=<the before checkout's ferrum script, to start it with its own flags; default this one's>)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
RUNS=${RUNS:-5}
PORT=${PORT:-6491}
WORK_DIR=${WORK_DIR:-$here/conductor/target/cold-start-phases}
AFTER=$here/conductor/target
BEFORE=${BEFORE:-}
rm -rf "$WORK_DIR" && mkdir -p "$WORK_DIR"

# The conductor's phases, in the order its "started in" line names them.
phases=(options settings store "Helidon registry" "drivers and membership" flows "API and inspection" "HTTP server" "periodic tasks")

# The JVM flags a launcher's functions give the jar of a target directory: this checkout's ./ferrum, or with
# BEFORE_LAUNCHER the before side's own (a launcher older than conductor_flags: native access, cache and sqlite flags).
start_flags() { # target launcher -> flags, one a line
  # shellcheck disable=SC1090
  source <(sed -n '/^class_cache_flags()/,/^}/p; /^sqlite_native_flags()/,/^}/p; /^conductor_flags()/,/^}/p' "$2")
  if declare -F conductor_flags >/dev/null; then
    conductor_flags "$1/ferrum-conductor.jar"
  else
    echo --enable-native-access=ALL-UNNAMED
    class_cache_flags "$1/ferrum-conductor.jar"
    sqlite_native_flags "$1/ferrum-conductor.jar"
  fi
}

# run SIDE TARGET DATA LOG -> "wall_ms cpu_ms"
run() {
  local target=$2 data=$3 log=$4 start end pid ticks flags
  mapfile -t flags < <(start_flags "$target" "${launcher[$1]}")
  start=$(date +%s%N)
  setsid "$JAVA_HOME/bin/java" "${flags[@]}" \
    "-Xlog:startuptime:file=$log" -jar "$target/ferrum-conductor.jar" \
    --noauth --port "$PORT" --data-dir "$data" > "$log.out" 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$PORT/v1"; do
    kill -0 "$pid" 2>/dev/null || { echo "$1 exited while starting; see $log.out" >&2; exit 1; }
    sleep 0.01
  done
  end=$(date +%s%N)
  ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  kill -- "-$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  echo "$(((end - start) / 1000000)) $((ticks * 1000 / $(getconf CLK_TCK)))"
}

# phase_times LOG WALL -> one line per row of the table: the JVM, each conductor phase, the rest of WALL
phase_times() {
  local log=$1 wall=$2 vm line p ms sum=0
  vm=$(sed -n 's/.*Phase: Create VM.*, \([0-9.]*\) secs.*/\1/p; s/.*Create VM.*[^0-9.]\([0-9.]*\) secs.*/\1/p' "$log" \
    | head -1 | awk '{printf "%d", $1 * 1000}')
  echo "${vm:-?}"
  line=$(grep -m1 -o 'started in [0-9]* ms (.*)' "$log.out" || true)
  for p in "${phases[@]}"; do
    ms=$(grep -o "[(,] \?$p [0-9]* ms" <<< "$line" | grep -o '[0-9]*' | head -1 || true)
    echo "${ms:-?}"
    sum=$((sum + ${ms:-0}))
  done
  echo $((wall - sum - ${vm:-0}))
}

sides=(after)
[[ -n "$BEFORE" ]] && sides=(before after)
declare -A dir=([after]=$AFTER [before]=$BEFORE)
declare -A launcher=([after]=$here/ferrum [before]=${BEFORE_LAUNCHER:-$here/ferrum})
for side in "${sides[@]}"; do
  [[ -f "${dir[$side]}/ferrum-conductor.jar" ]] || { echo "no built conductor in ${dir[$side]}" >&2; exit 1; }
  run "$side" "${dir[$side]}" "$WORK_DIR/$side-store" "$WORK_DIR/$side-seed.log" > /dev/null # the store, untimed
done

echo "conductor cold start by phase, existing store, $(nproc) cores, JDK $(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"/\1/p' \
  "$JAVA_HOME/release"), $(date -u '+%Y-%m-%d %H:%M UTC'), RUNS=$RUNS; before: ${BEFORE:-none}${BEFORE_LAUNCHER:+ with the flags of $BEFORE_LAUNCHER}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A samples
for i in $(seq 1 "$RUNS"); do
  for side in "${sides[@]}"; do
    read -r wall cpu < <(run "$side" "${dir[$side]}" "$WORK_DIR/$side-store" "$WORK_DIR/$side-$i.log")
    samples[$side-wall]+="$wall "
    samples[$side-cpu]+="$cpu "
    mapfile -t times < <(phase_times "$WORK_DIR/$side-$i.log" "$wall")
    for r in "${!times[@]}"; do samples[$side-$r]+="${times[$r]} "; done
  done
  echo "run $i/$RUNS done" >&2
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { tr ' ' '\n' | { grep -E '^[0-9]+$' || true; } | sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "?"; else print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
header="| phase |"
rule="|---|"
for side in "${sides[@]}"; do header+=" $side ms |"; rule+="---|"; done
printf '\n%s\n%s\n' "$header" "$rule"
rows=("JVM start (Create VM)" "${phases[@]}" "rest: launch, Main, first request, 10 ms poll")
for r in "${!rows[@]}"; do
  row="| ${rows[$r]} |"
  for side in "${sides[@]}"; do row+=" $(echo "${samples[$side-$r]}" | median) |"; done
  echo "$row"
done
for what in wall cpu; do
  row="| **$what total** (median of runs) |"
  for side in "${sides[@]}"; do row+=" **$(echo "${samples[$side-$what]}" | median)** |"; done
  echo "$row"
done
for side in "${sides[@]}"; do echo "$side runs, wall ms: ${samples[$side-wall]}; cpu ms: ${samples[$side-cpu]}"; done
