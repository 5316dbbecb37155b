#!/usr/bin/env bash
# Benchmark: a 100,000-node fleet listed page by page, with the heap in use after each page.
#
# Method
#  - One JVM (heap capped at HEAP) runs the API as the API tests do (dev.ferrum.conductor.api.ApiFixture:
#    IronicApi on Helidon, embedded SQLite in a fresh directory) and the client
#    (conductor/src/test/java/dev/ferrum/conductor/api/NodePagesBench).
#  - The fleet: one node created through the API, then NODES - 1 copies of its row with their own uuid and
#    name, written straight into the SQLite file in one transaction (seconds, where 100,000 API calls would
#    take many minutes; the listing reads rows, so how they got there does not matter).
#  - Listed: GET /v1/nodes/detail?limit=PAGE, then each page's `next` link until the fleet is through.
#    After the first page and every tenth, a System.gc() and the heap in use (total - free) are printed
#    with the page's time and body size.
#  - What to read: the used-heap column stays level from the first page to the last if a listing holds
#    nothing beyond its page (it would climb with the pages otherwise, and a leak would end in an
#    OutOfMemoryError under the cap). Times are the client's, one request at a time, and not the point.
# Output: a table on stdout; nothing is asserted.
# Usage: bench/node-pages.sh   (env: NODES=100000, PAGE=1000, HEAP=256m)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAVA_HOME=$("$here/scripts/find-jdk.sh")
export JAVA_HOME
WORK_DIR=${WORK_DIR:-$here/conductor/target/node-pages}
mkdir -p "$WORK_DIR"
echo "building the conductor and the bench harness..." >&2
(cd "$here" && ./mvnw -B -ntp -q -pl conductor -am -DskipTests test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$WORK_DIR/libs.txt") >&2
echo "node pages on $(nproc) cores, JDK $("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java.version = //p'), $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git -C "$here" rev-parse --short HEAD)$(git -C "$here" diff --quiet HEAD || echo '+changes'), load average $(cut -d' ' -f1-3 /proc/loadavg), heap cap ${HEAP:-256m}"
"$JAVA_HOME/bin/java" -Xmx"${HEAP:-256m}" --enable-native-access=ALL-UNNAMED \
  -cp "$here/conductor/target/test-classes:$here/conductor/target/classes:$(cat "$WORK_DIR/libs.txt")" \
  dev.ferrum.conductor.api.NodePagesBench "${NODES:-100000}" "${PAGE:-1000}" 2> "$WORK_DIR/bench.log"
