#!/usr/bin/env bash
# Benchmark: takeover time of a killed conductor's nodes, one conductor build against another, interleaved.
#
# Method
#  - The harness is ClusterBench (conductor/src/test/java/dev/ferrum/conductor/fleet/ClusterBench, see the top of
#    bench/fleet.sh): N conductor JVMs on one fresh PostgreSQL schema, SIZE simulated agents looking up and
#    heartbeating at IPA's rate, then c1's agents stop, c1 gets SIGKILL, and the time until the survivors have
#    taken over every one of c1's nodes waiting in `inspect wait` is measured (PostgreSQL polled every 200 ms).
#    The single-conductor SQLite part is left out (--single=0); warm-up and window are short (WARM_UP, WINDOW):
#    only the takeover row matters here.
#  - BEFORE_JAR and AFTER_JAR are two conductor jars (e.g. main's and a branch's); the harness is this tree's.
#    ROUNDS rounds run BEFORE then AFTER, one after the other, so machine load drifts over both alike; the
#    ratio is after / before of each round's takeover time, and of the nodes/s once the first node was taken.
#  - The load average is printed before each run: the machine is shared, so absolute times are noisy;
#    compare the ratios of the same round. Nothing is asserted.
# Usage: BEFORE_JAR=/path/a.jar AFTER_JAR=/path/b.jar DATABASE_URL=jdbc:postgresql://... bench/takeover-ab.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
SIZE=${SIZE:-10000}
CONDUCTORS=${CONDUCTORS:-3}
ROUNDS=${ROUNDS:-1}
WARM_UP=${WARM_UP:-5}
WINDOW=${WINDOW:-10}
MAX_IN_FLIGHT=${MAX_IN_FLIGHT:-8}
: "${BEFORE_JAR:?set BEFORE_JAR}" "${AFTER_JAR:?set AFTER_JAR}" "${DATABASE_URL:?set DATABASE_URL}"

(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt) >&2
cp="$here/conductor/target/test-classes:$here/conductor/target/classes:$(cat "$here/conductor/target/test-classpath.txt")"

run() { # label jar
  echo "== $1 ($2), $(date -u '+%H:%M:%S UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
  "$JAVA_HOME/bin/java" -Xmx2g --enable-native-access=ALL-UNNAMED -cp "$cp" dev.ferrum.conductor.fleet.ClusterBench \
    --sizes="$SIZE" --conductors="$CONDUCTORS" --database-url="$DATABASE_URL" --warm-up="$WARM_UP" \
    --window="$WINDOW" --max-in-flight="$MAX_IN_FLIGHT" --single=0 --takeover-limit="${TAKEOVER_LIMIT:-15}" \
    --work-dir="$here/conductor/target/takeover-ab/$1" --conductor-jar="$2" \
    --conductor-jvm-options="--enable-native-access=ALL-UNNAMED -Xmx2g" | grep -E "takeover|conductors|agents" || true
}
for round in $(seq 1 "$ROUNDS"); do
  run "before-$round" "$BEFORE_JAR"
  run "after-$round" "$AFTER_JAR"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
