#!/bin/bash
# ipmi_sim's chassis_control hook for tests: "get <parm>..." prints "<parm>:<value>" lines,
# "set <parm> <value>..." stores them. State lives in files next to this script, so a test can
# read what the BMC was told and a restarted simulator keeps it.
dir=$(dirname "$0")
op=$1
shift
case "$op" in
get)
    for parm in "$@"; do
        case "$parm" in
        power) echo "power:$(cat "$dir/power" 2>/dev/null || echo 0)" ;;
        boot) echo "boot:$(cat "$dir/boot" 2>/dev/null || echo default)" ;;
        esac
    done
    ;;
set)
    while [ $# -ge 2 ]; do
        case "$1" in
        power) echo "$2" > "$dir/power" ;;
        boot) echo "$2" > "$dir/boot" ;;
        reset) echo "$2" >> "$dir/resets" ;;
        esac
        shift 2
    done
    ;;
esac
exit 0
