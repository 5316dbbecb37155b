#!/bin/bash
# ipmi_sim's chassis_control hook for one virtual machine: the chassis is powered while its QEMU
# runs. "get <parm>..." prints "<parm>:<value>" lines; "set <parm> <value>..." acts on them.
#   power 1|0     start QEMU / stop it (and wait until it is gone, so "power status" is true at once)
#   reset|shutdown  restart / stop it
#   boot pxe|...  persisted in ./boot and read at each start: pxe -> -boot n, anything else -> -boot c;
#                 OVMF ignores -boot, so words of QEMU may carry @NET_BOOTINDEX@/@DISK_BOOTINDEX@,
#                 replaced here by the device's place in that order (bootindex, 0 first)
# Everything else lives next to this script: vm.env (NAMESPACE and the QEMU command as the bash
# array QEMU, written by the test), qemu.pid, qemu.log (QEMU's own messages).
set -u
dir=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=/dev/null
source "$dir/vm.env"

running() {
    [[ -s "$dir/qemu.pid" ]] && kill -0 "$(cat "$dir/qemu.pid")" 2>/dev/null
}

start() {
    running && return 0
    local order=c
    [[ "$(cat "$dir/boot" 2>/dev/null)" == pxe ]] && order=n
    local net=1 disk=0
    [[ $order == n ]] && net=0 disk=1
    local words=("${QEMU[@]//@NET_BOOTINDEX@/$net}")
    words=("${words[@]//@DISK_BOOTINDEX@/$disk}")
    rm -f "$dir/qemu.pid"
    (
        # ipmi_sim leaks its sockets into this hook; a QEMU holding them would keep the BMC's port
        # busy after the simulator stops, so close every descriptor above stderr first.
        for fd in /proc/$BASHPID/fd/*; do
            fd=${fd##*/}
            if [[ $fd -gt 2 ]]; then eval "exec $fd>&-" 2>/dev/null; fi
        done
        echo "$(date -u +%T.%N) start -boot $order (bootindex net $net, disk $disk)" >>"$dir/qemu.log"
        # -daemonize: QEMU forks once its devices are set up and writes the PID file, so the BMC
        # answers at once and the test stops the VM by that PID.
        exec ip netns exec "$NAMESPACE" "${words[@]}" -boot "$order" -daemonize -pidfile "$dir/qemu.pid" \
            </dev/null >>"$dir/qemu.log" 2>&1
    )
}

stop() {
    running || return 0
    local pid
    pid=$(cat "$dir/qemu.pid")
    echo "$(date -u +%T.%N) stop $pid" >>"$dir/qemu.log"
    kill "$pid" 2>/dev/null
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null
    rm -f "$dir/qemu.pid"
}

op=$1
shift
case "$op" in
get)
    for parm in "$@"; do
        case "$parm" in
        power) if running; then echo "power:1"; else echo "power:0"; fi ;;
        boot) echo "boot:$(cat "$dir/boot" 2>/dev/null || echo default)" ;;
        esac
    done
    ;;
set)
    while [[ $# -ge 2 ]]; do
        case "$1" in
        power) if [[ "$2" == 1 ]]; then start; else stop; fi ;;
        reset) stop; start ;;
        shutdown) stop ;;
        boot) echo "$2" >"$dir/boot" ;;
        esac
        shift 2
    done
    ;;
esac
exit 0
