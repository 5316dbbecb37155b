#!/usr/bin/env bash
# Lays out a machine root for an agent container: the sysfs/procfs files the generic hardware
# manager reads (one NIC with the given MAC, one 8 GiB virtio disk) and a sparse file as that
# disk, so `ferrum-agent run --root /machine --file-disks` in the container deploys into the file.
# Inside a container the agent cannot use / itself: eth0 is a veth without a PCI device, and
# /sys/block shows the host's disks. Same layout as the tests' FixtureMachine.
#   usage: container-machine-root.sh DIR MAC      e.g. container-machine-root.sh /srv/node1 02:fc:00:00:01:01
set -euo pipefail

if [[ $# -ne 2 || ! $2 =~ ^([0-9a-f]{2}:){5}[0-9a-f]{2}$ ]]; then
    echo "usage: $0 DIR MAC   (MAC in lower-case hex, e.g. 02:fc:00:00:01:01)" >&2
    exit 2
fi
root=$1
mac=$2
disk_bytes=$((8 << 30)) # the agent, like IPA, never picks a disk under 4 GiB as the root disk

pci=$root/sys/devices/pci0000:00
mkdir -p "$pci/0000:00:03.0/net/eth0" "$root/sys/class/net" "$root/sys/block" "$root/sys/class/block" "$root/proc" "$root/dev"
printf '0x1af4\n' >"$pci/0000:00:03.0/vendor"
printf '0x1000\n' >"$pci/0000:00:03.0/device"
printf '%s\n' "$mac" >"$pci/0000:00:03.0/net/eth0/address"
printf '1\n' >"$pci/0000:00:03.0/net/eth0/carrier"
ln -sfn ../../../0000:00:03.0 "$pci/0000:00:03.0/net/eth0/device"
ln -sfn ../../devices/pci0000:00/0000:00:03.0/net/eth0 "$root/sys/class/net/eth0"

vda=$pci/0000:00:04.0/virtio1/block/vda
mkdir -p "$vda/queue" "$vda/holders"
printf '%s\n' $((disk_bytes / 512)) >"$vda/size"
printf '0\n' >"$vda/ro"
printf '0\n' >"$vda/queue/rotational"
printf '512\n' >"$vda/queue/logical_block_size"
ln -sfn ../../../virtio1 "$vda/device"
ln -sfn ../devices/pci0000:00/0000:00:04.0/virtio1/block/vda "$root/sys/block/vda"
ln -sfn ../../devices/pci0000:00/0000:00:04.0/virtio1/block/vda "$root/sys/class/block/vda"

printf 'MemTotal:        8000000 kB\n' >"$root/proc/meminfo"
printf 'processor\t: 0\nmodel name\t: Container node\n\n' >"$root/proc/cpuinfo"
printf 'proc /proc proc rw 0 0\n' >"$root/proc/mounts"
printf 'Filename\tType\tSize\tUsed\tPriority\n' >"$root/proc/swaps"
[[ -e $root/proc/cmdline ]] || : >"$root/proc/cmdline"

[[ -e $root/dev/vda ]] || truncate -s "$disk_bytes" "$root/dev/vda"
echo "machine root $root: eth0 $mac, disk $root/dev/vda (sparse, $((disk_bytes >> 30)) GiB)"
