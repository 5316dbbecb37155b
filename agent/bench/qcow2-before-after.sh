#!/usr/bin/env bash
# Benchmark: one change to the qcow2 write path, before and after, each against qemu-img convert in the same run.
#
# What is compared (one qcow2 file, one machine, the three interleaved in every round so drift hits all):
#  before  Ferrum's writer built from BEFORE_CLASSES (a copy of agent/target/classes from the old commit),
#          HTTP on loopback -> fresh sparse file, sha256 checked, fsync at the end (WriteImageMain's write_ns)
#  after   the same from AFTER_CLASSES (default agent/target/classes)
#  qemu    qemu-img convert -f qcow2 -O raw LOCAL_FILE FILE && sync FILE (no HTTP, no checksum: favoured)
#
# Method: SIZE_MIB (default 512) MiB of /dev/urandom converted by qemu-img to a fully allocated qcow2
# (64 KiB clusters), served by ServeFilesMain in its own JVM; RUNS rounds (default 5); medians.
# Page cache not dropped (shared machine); the source is read once before timing. Ratio = qemu time /
# Ferrum time (>1: Ferrum faster); goal >= 0.9. Nothing is asserted. For a quick check of the whole
# writer against every baseline, use image-write.sh.
#
# Make BEFORE_CLASSES:  git stash (or checkout the old commit); ./mvnw -o -q -pl agent -am compile;
#                       cp -r agent/target/classes /tmp/classes-before; git stash pop; recompile.
# Run: BEFORE_CLASSES=/tmp/classes-before agent/bench/qcow2-before-after.sh  (env RUNS, SIZE_MIB, WORK, JAVA_HOME)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
RUNS=${RUNS:-5}
SIZE_MIB=${SIZE_MIB:-512}
BEFORE_CLASSES=${BEFORE_CLASSES:?set BEFORE_CLASSES to a copy of agent/target/classes built from the old commit}
AFTER_CLASSES=${AFTER_CLASSES:-$root/agent/target/classes}
JAVA_HOME=${JAVA_HOME:-$("$root/scripts/find-jdk.sh")}
java="$JAVA_HOME/bin/java"
lib="$root/agent/target/lib/*"
tests="$root/agent/target/test-classes"
[[ -d "$tests/dev/ferrum/agent/image/bench" && -d "$root/agent/target/lib" ]] \
  || { echo "qcow2-before-after.sh: build first: ./mvnw -o -pl agent -am package -DskipTests" >&2; exit 2; }

work=${WORK:-$(mktemp -d /var/tmp/ferrum-qcow2bench.XXXXXX)}
mkdir -p "$work"
server_pid=
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  if [[ -z "${WORK:-}" ]]; then rm -rf "$work"; else rm -f "$work"/target.*; fi
}
trap cleanup EXIT

bytes=$(( SIZE_MIB * 1024 * 1024 ))
if [[ ! -f "$work/raw.img" || $(stat -c %s "$work/raw.img") -ne $bytes ]]; then
  head -c "$bytes" /dev/urandom > "$work/raw.img"
  rm -f "$work/image.qcow2"
fi
[[ -f "$work/image.qcow2" ]] || qemu-img convert -f raw -O qcow2 "$work/raw.img" "$work/image.qcow2"
sum=$(sha256sum "$work/image.qcow2" | cut -d' ' -f1)   # also warms the page cache

"$java" -Xmx256m -XX:+UseSerialGC -cp "$tests:$AFTER_CLASSES:$lib" dev.ferrum.agent.image.bench.ServeFilesMain "$work" \
  > "$work/server.out" 2> "$work/server.err" &
server_pid=$!
for _ in $(seq 50); do grep -q '^port=' "$work/server.out" 2>/dev/null && break; sleep 0.2; done
port=$(sed -n 's/^port=//p' "$work/server.out")
[[ -n "$port" ]] || { echo "qcow2-before-after.sh: server did not start: $(cat "$work/server.err")" >&2; exit 1; }

ferrum() { # CLASSES -> write_ns
  local out
  out=$("$java" -Xmx256m -XX:+UseSerialGC -cp "$tests:$1:$lib" dev.ferrum.agent.image.bench.WriteImageMain \
    --url "http://127.0.0.1:$port/image.qcow2" --sha256 "$sum" --target "$work/target.ferrum" --disk-format qcow2 \
    --zeros skip 2>"$work/ferrum.err") || { echo "Ferrum write failed: $(tail -5 "$work/ferrum.err")" >&2; exit 1; }
  rm -f "$work/target.ferrum"
  tr ' ' '\n' <<<"$out" | sed -n 's/^write_ns=//p'
}
qemu() {
  local t0 t1
  t0=$(date +%s%N)
  qemu-img convert -f qcow2 -O raw "$work/image.qcow2" "$work/target.qemu" && sync "$work/target.qemu"
  t1=$(date +%s%N)
  rm -f "$work/target.qemu"
  echo $(( t1 - t0 ))
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -a b a q
for ((i = 0; i < RUNS; i++)); do
  b+=("$(ferrum "$BEFORE_CLASSES")"); a+=("$(ferrum "$AFTER_CLASSES")"); q+=("$(qemu)")
  echo "run $((i + 1))/$RUNS: before ${b[-1]} after ${a[-1]} qemu ${q[-1]} ns" >&2
done
med() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
mb=$(med "${b[@]}"); ma=$(med "${a[@]}"); mq=$(med "${q[@]}")
echo "qcow2 -> raw, $SIZE_MIB MiB, median of $RUNS runs, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
awk -v b="$mb" -v a="$ma" -v q="$mq" -v mib="$SIZE_MIB" 'BEGIN {
  printf "before %6.0f ms %6.0f MiB/s  ratio vs qemu-img %.2f\n", b / 1e6, mib / (b / 1e9), q / b
  printf "after  %6.0f ms %6.0f MiB/s  ratio vs qemu-img %.2f\n", a / 1e6, mib / (a / 1e9), q / a
  printf "qemu   %6.0f ms %6.0f MiB/s  (qemu-img convert -O raw; sync)\n", q / 1e6, mib / (q / 1e9) }'
echo "(load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg))"
