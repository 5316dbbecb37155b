#!/usr/bin/env bash
# Starts a private Docker engine for the container-node tests: its own socket, data root, exec
# root, pidfile and bridge, and no iptables/forwarding/masquerading changes to this machine (no
# systemd here, and the host's own docker set-up, if any, is left alone). Idempotent: when the
# engine already answers, it only prints where. Runs as root (CI does). Afterwards:
#   export DOCKER_HOST=unix:///run/ferrum-docker/docker.sock TESTCONTAINERS_RYUK_DISABLED=true
# The last line printed is that DOCKER_HOST value, for `export DOCKER_HOST=$(... | tail -n1)`.
# Stop it with `kill $(cat /run/ferrum-docker/dockerd.pid)`; its images stay in the data root, so
# the next start finds the cached agent image.
set -euo pipefail

RUN_DIR=${FERRUM_DOCKER_RUN_DIR:-/run/ferrum-docker}
DATA_DIR=${FERRUM_DOCKER_DATA_DIR:-/var/lib/ferrum-docker}
LOG=${FERRUM_DOCKER_LOG:-/var/log/ferrum-docker.log}
# A bridge of our own on a private subnet that no other interface here uses; the containers reach
# the tests' conductor at the gateway address (the .1).
BRIDGE=${FERRUM_DOCKER_BRIDGE:-ferrumdock0}
BRIDGE_CIDR=${FERRUM_DOCKER_BRIDGE_CIDR:-172.30.254.1/24}
SOCKET=$RUN_DIR/docker.sock
DOCKER_HOST_VALUE=unix://$SOCKET

if [[ $(id -u) -ne 0 ]]; then
    echo "start-test-docker.sh: run me as root (dockerd creates the bridge and mounts)" >&2
    exit 1
fi

if ! command -v dockerd >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io >/dev/null
fi

answers() {
    DOCKER_HOST=$DOCKER_HOST_VALUE docker version --format '{{.Server.APIVersion}}' >/dev/null 2>&1
}

if ! answers; then
    mkdir -p "$RUN_DIR" "$DATA_DIR"
    # The bridge exists before dockerd starts so that --bip and --bridge agree on one subnet.
    if ! ip link show "$BRIDGE" >/dev/null 2>&1; then
        ip link add "$BRIDGE" type bridge
        ip addr add "$BRIDGE_CIDR" dev "$BRIDGE"
    fi
    ip link set "$BRIDGE" up
    # setsid: the daemon outlives this script and the CI step's process group.
    setsid dockerd \
        --host "$DOCKER_HOST_VALUE" \
        --data-root "$DATA_DIR" \
        --exec-root "$RUN_DIR/exec" \
        --pidfile "$RUN_DIR/dockerd.pid" \
        --bridge "$BRIDGE" \
        --iptables=false --ip-forward=false --ip-masq=false --ip6tables=false \
        </dev/null >>"$LOG" 2>&1 &
    for _ in $(seq 1 150); do
        answers && break
        sleep 0.2
    done
    if ! answers; then
        echo "start-test-docker.sh: dockerd did not answer on $SOCKET within 30 s; its log ($LOG):" >&2
        tail -n 30 "$LOG" >&2
        exit 1
    fi
fi

echo "Docker engine $(DOCKER_HOST=$DOCKER_HOST_VALUE docker version --format '{{.Server.Version}} (API {{.Server.APIVersion}})')" \
    "is up; bridge $BRIDGE ($BRIDGE_CIDR), pid $(cat "$RUN_DIR/dockerd.pid"); use"
echo "  export DOCKER_HOST=$DOCKER_HOST_VALUE TESTCONTAINERS_RYUK_DISABLED=true"
echo "$DOCKER_HOST_VALUE"
