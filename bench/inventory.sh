#!/usr/bin/env bash
# Benchmark: how long the agent takes to collect this machine's inventory.
#
# Method
#  - Process level (cold): RUNS fresh JVMs each run `ferrum-agent inventory` (JVM start, manager
#    discovery, collection, JSON output). The baseline, run interleaved with it, is the same JVM
#    and jar printing `--version` (JVM start and picocli only). Reported: medians and the ratio
#    inventory/baseline, so the figure is about Ferrum's work, not this machine's JVM start.
#  - In-JVM: one JVM collects REPEAT times (`inventory --repeat`). The first collection is the
#    cold in-JVM cost (class loading, first sysfs reads); the median of the rest is the warm cost.
#  - MODE=lookup instead: agent start to the lookup's MACs. RUNS fresh JVMs alternate the path the
#    lookup took before issue 17 point 3 (`inventory`: the full inventory, OSHI started) with today's
#    (`inventory --interfaces`: sysfs NIC listing, OSHI not loaded). Reported: medians and their ratio.
# Output goes to stdout as a small table; nothing is asserted. JAR=path/to/ferrum-agent.jar measures
# another build (its lib/ beside it), e.g. one from before a change.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=${RUNS:-10}
REPEAT=${REPEAT:-50}
JAVA_HOME=$("$here/scripts/find-jdk.sh")
java="$JAVA_HOME/bin/java"
jar=${JAR:-"$here/agent/target/ferrum-agent.jar"}
flags=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)

if [[ ! -f "$jar" && -z "${JAR:-}" ]]; then
  (cd "$here" && JAVA_HOME="$JAVA_HOME" ./mvnw -B -ntp -q -pl agent -am package -DskipTests)
fi

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2}'; }

if [[ ${MODE:-} == lookup ]]; then
  full=(); nics=()
  for ((i = 0; i < RUNS; i++)); do
    t0=$(now_ms); "$java" "${flags[@]}" -jar "$jar" inventory >/dev/null; t1=$(now_ms)
    "$java" "${flags[@]}" -jar "$jar" inventory --interfaces >/dev/null; t2=$(now_ms)
    full+=($((t1 - t0))); nics+=($((t2 - t1)))
  done
  full_med=$(printf '%s\n' "${full[@]}" | median)
  nics_med=$(printf '%s\n' "${nics[@]}" | median)
  echo "agent start -> lookup MACs on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $RUNS runs each, alternating"
  printf '%-52s %10s\n' "measure" "median ms"
  printf '%-52s %10s\n' "before: JVM start + full inventory (OSHI)" "$full_med"
  printf '%-52s %10s\n' "after: JVM start + inventory --interfaces (no OSHI)" "$nics_med"
  awk -v a="$nics_med" -v b="$full_med" 'BEGIN {printf "ratio after / before: %.2f (%.0f ms sooner)\n", a/b, b-a}'
  exit 0
fi

base=(); inv=()
for ((i = 0; i < RUNS; i++)); do
  t0=$(now_ms); "$java" "${flags[@]}" -jar "$jar" --version >/dev/null; t1=$(now_ms)
  "$java" "${flags[@]}" -jar "$jar" inventory >/dev/null; t2=$(now_ms)
  base+=($((t1 - t0))); inv+=($((t2 - t1)))
done
base_med=$(printf '%s\n' "${base[@]}" | median)
inv_med=$(printf '%s\n' "${inv[@]}" | median)

timings=$("$java" "${flags[@]}" -jar "$jar" inventory --repeat "$REPEAT" 2>&1 >/dev/null | sed -n 's/^collection [0-9]*: \([0-9.]*\) ms$/\1/p')
first=$(echo "$timings" | head -n 1)
warm=$(echo "$timings" | tail -n +2 | median)

echo "inventory benchmark on $(nproc) cores, $(uname -m), JDK $("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = //p')"
printf '%-44s %10s\n' "measure" "median ms"
printf '%-44s %10s\n' "baseline: JVM start + --version ($RUNS runs)" "$base_med"
printf '%-44s %10s\n' "cold: JVM start + inventory ($RUNS runs)" "$inv_med"
printf '%-44s %10s\n' "in-JVM first collection" "$first"
printf '%-44s %10s\n' "in-JVM warm collection (median of $((REPEAT - 1)))" "$warm"
awk -v a="$inv_med" -v b="$base_med" 'BEGIN {printf "ratio cold inventory / baseline: %.2fx (Ferrum adds %.0f ms to JVM start)\n", a/b, a-b}'
