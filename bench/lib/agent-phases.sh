#!/usr/bin/env bash
# The agent's own start, split from its log lines (millisecond times, as bench/deploy-e2e.sh has every JVM
# write them): "agent started" -> "lookup succeeded" -> "command API listening" -> "heartbeating with callback"
# -> the first "command ... started" (the conductor's first command arriving). Per side (the log names
# <side>-<run>-agent.log), the median of each phase over the runs, in ms.
# Usage: bench/lib/agent-phases.sh LOG_DIR
set -euo pipefail
dir=$1
phases() {  # one log -> "lookup api heartbeat first-command total" in ms, or nothing if a line is missing
  awk '
    function ms(t,  p) { split(t, p, /[:.]/); return ((p[1] * 60 + p[2]) * 60 + p[3]) * 1000 + p[4] }
    !/^[0-9][0-9]:[0-9][0-9]:[0-9][0-9]\.[0-9][0-9][0-9]_/ { next }
    { t = ms(substr($0, 1, 12)) }
    /agent started;/ && !s { s = t }
    /lookup succeeded/ && !l { l = t }
    /command API listening/ && !a { a = t }
    /heartbeating with callback/ && !h { h = t }
    /command [a-z_.]+ started \(id/ && !c { c = t }
    END { if (s && l && a && h && c) print l - s, a - l, h - a, c - h, c - s }' "$1"
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "agent start phases (median ms over the runs; agent log times):"
printf '%-8s %6s %18s %22s %26s %8s %4s\n' side "to lookup" "lookup->API up" "API up->heartbeating" "heartbeating->1st command" total runs
for side in $(ls "$dir" | sed -n 's/^\(.*\)-[0-9]*-agent\.log$/\1/p' | sort -u); do
  rows=$(for log in "$dir/$side"-*-agent.log; do phases "$log"; done)
  [[ -n "$rows" ]] || { echo "$side: no complete start in its logs (no millisecond times?)"; continue; }
  cols=()
  for i in 1 2 3 4 5; do cols+=("$(echo "$rows" | awk -v i=$i '{ print $i }' | median)"); done
  printf '%-8s %6s %18s %22s %26s %8s %4s\n' "$side" "${cols[@]}" "$(echo "$rows" | wc -l)"
done
