#!/bin/sh
# /init of the Ferrum agent ramdisk, written by ferrum-image-builder from a template.
# Kernel command line words read here (everything else, e.g. ipa-api-url, is for the agent):
#   ferrum-debug                         debug shell on the console; no power-off when the agent exits
#   ferrum-plugin-url=<url>#sha256=<hex> fetch a hardware-manager plugin jar (repeatable)
#   ferrum-on-exit=poweroff|reboot       what to do after the agent exits (default poweroff)
#   ferrum-dhcp-timeout=<seconds>        how long to wait for the first DHCP lease (default 60)
#   ferrum-modules=all                   load every NIC and storage driver, not only those of devices present
# /usr/local/bin holds the host programs added with --host-binary (mdadm, parted, efibootmgr, tcpdump, ...).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root
umask 022

mount -t proc -o nosuid,nodev,noexec proc /proc
mount -t sysfs -o nosuid,nodev,noexec sysfs /sys
mount -t devtmpfs -o nosuid,mode=0755 devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts -o nosuid,noexec devpts /dev/pts
mount -t tmpfs -o nosuid,nodev,mode=0755 tmpfs /run
mount -t tmpfs -o nosuid,nodev,mode=1777 tmpfs /tmp
# Seconds since the kernel started at each phase of /init, printed as one line before the agent
# starts (integration/bench/pxe-boot.sh reads it to show where a boot spends its time).
boot_times=
mark() {
	read -r up _ </proc/uptime
	boot_times="$boot_times $1=$up"
}
mark init
mkdir -p /run/ferrum/leases /opt/ferrum/plugins

debug=0
on_exit=poweroff
exit_delay=10
dhcp_timeout=60
plugin_urls=
modules_mode=present
set -f
for arg in $(cat /proc/cmdline); do
	case "$arg" in
	ferrum-debug | ferrum-debug=1 | ferrum-debug=true) debug=1 ;;
	ferrum-plugin-url=*) plugin_urls="$plugin_urls ${arg#ferrum-plugin-url=}" ;;
	ferrum-on-exit=poweroff | ferrum-on-exit=reboot) on_exit=${arg#ferrum-on-exit=} ;;
	ferrum-dhcp-timeout=*) dhcp_timeout=${arg#ferrum-dhcp-timeout=} ;;
	ferrum-modules=all) modules_mode=all ;;
	esac
done
set +f
case "$dhcp_timeout" in '' | *[!0-9]*) dhcp_timeout=60 ;; esac

# A serial console is slow under emulation: say little unless debugging; errors always show.
log() {
	echo "ferrum-init: $*" >>/run/ferrum/init.log
	if [ "$debug" = 1 ]; then echo "ferrum-init: $*"; fi
}
error() {
	echo "ferrum-init: error: $*" >>/run/ferrum/init.log
	echo "ferrum-init: error: $*"
}

# Device drivers (PCI, virtio) only for the devices present, as udev's coldplug would: modprobe matches
# each device's modalias against the image's modules.alias and loads its driver with the dependencies.
# Loading every driver costs seconds under emulation. A driver brings the devices behind it (virtio_pci
# -> virtio devices), so this repeats until no new device appears. ferrum-modules=all loads every driver.
aliases=/lib/modules/$(uname -r)/modules.alias
if [ -s "$aliases" ]; then
	if [ "$modules_mode" = all ]; then
		modprobe -q -a $(while read -r _ _ name; do echo "$name"; done <"$aliases" | sort -u) 2>>/run/ferrum/init.log
	else
		seen=
		while :; do
			devices=$(cat /sys/bus/pci/devices/*/modalias /sys/bus/virtio/devices/*/modalias 2>/dev/null)
			[ "$devices" = "$seen" ] && break
			seen=$devices
			# Most devices (host bridge, ISA bridge) have no driver here: -q skips them.
			modprobe -q -a $devices 2>>/run/ferrum/init.log
		done
	fi
fi
mark drivers
# The other modules (filesystems, md, SCSI disks), each after its dependencies, in an order computed
# when the image was built.
while read -r module; do
	case "$module" in
	'' | '#'*) continue ;;
	# efivarfs refuses to load (ENODEV) unless the firmware is UEFI: no error on a BIOS machine.
	*/efivarfs.ko*) [ -d /sys/firmware/efi ] || continue ;;
	esac
	insmod "$module" 2>>/run/ferrum/init.log || error "cannot load $module"
done </etc/ferrum/modules.load
# Booted by UEFI: efibootmgr (a UEFI partition deploy's boot entry) reads and writes the firmware's
# variables through efivarfs, which nothing else mounts here.
if [ -d /sys/firmware/efi/efivars ]; then
	mount -t efivarfs -o nosuid,nodev,noexec efivarfs /sys/firmware/efi/efivars 2>>/run/ferrum/init.log ||
		error "cannot mount efivarfs: no UEFI boot entries can be written"
fi
mark modules
ip link set lo up

# DHCP on every NIC at once; NICs that appear while we wait are picked up too. udhcpc runs
# without -n/-q: an unplugged NIC keeps retrying in the background instead of stalling the boot,
# and the winning lease gets renewed. The first lease wins (see /etc/ferrum/udhcpc.sh).
start_dhcp() {
	for path in /sys/class/net/*; do
		nic=${path##*/}
		[ "$nic" != lo ] && [ -e "$path/device" ] && [ ! -e "/run/ferrum/dhcp.$nic" ] || continue
		: >"/run/ferrum/dhcp.$nic"
		ip link set "$nic" up
		udhcpc -f -i "$nic" -s /etc/ferrum/udhcpc.sh -t 3 -T 2 -A 5 >>"/run/ferrum/udhcpc.$nic.log" 2>&1 &
		log "DHCP started on $nic"
	done
}
waited=0
while [ ! -e /run/ferrum/lease ]; do
	start_dhcp
	if [ "$waited" -ge $((dhcp_timeout * 10)) ]; then
		error "no DHCP lease on any NIC after ${dhcp_timeout}s; starting the agent anyway (DHCP keeps trying)"
		break
	fi
	sleep 0.1
	waited=$((waited + 1))
done
[ -e /run/ferrum/lease ] && log "lease: $(tr '\n' ' ' </run/ferrum/lease)"
mark lease

# Plugins from the kernel command line; jars from a second initrd are already in /opt/ferrum/plugins.
n=0
set -f
for spec in $plugin_urls; do
	n=$((n + 1))
	url=${spec%%#sha256=*}
	want=$(echo "${spec##*#sha256=}" | tr 'A-F' 'a-f')
	if [ "$url" = "$spec" ] || [ -z "$want" ]; then
		error "refusing plugin $spec: ferrum-plugin-url needs #sha256=<hex>"
		echo "$spec no-sha256" >>/run/ferrum/plugin-errors
		continue
	fi
	name=${url##*/}
	name=${name%%\?*}
	case "$name" in *.jar) ;; *) name=plugin.jar ;; esac
	[ -e "/opt/ferrum/plugins/$name" ] && name="$n-$name"
	tmp=/run/ferrum/plugin-$n.download
	# timeout, not wget -T: Debian's busybox-static 1.35 wget crashes with -T.
	if ! timeout 60 wget -q -O "$tmp" "$url" 2>>/run/ferrum/init.log; then
		error "cannot download plugin $url; continuing without it"
		echo "$url download-failed" >>/run/ferrum/plugin-errors
		rm -f "$tmp"
		continue
	fi
	got=$(sha256sum "$tmp")
	got=${got%% *}
	if [ "$got" != "$want" ]; then
		error "refusing plugin $url: its sha256 is $got, not $want"
		echo "$url sha256-mismatch" >>/run/ferrum/plugin-errors
		rm -f "$tmp"
		continue
	fi
	mv "$tmp" "/opt/ferrum/plugins/$name"
	log "plugin $name from $url"
done
set +f

if [ "$debug" = 1 ]; then
	log "debug shell on the console (ferrum-debug)"
	(while :; do setsid cttyhack sh -l; sleep 1; done) &
fi

# Rescue: once the agent has set root's password (rescue.finalize_rescue leaves /etc/.rescued and the agent
# stops serving its API), the tenant logs in on the console with it.
if [ "$debug" != 1 ]; then
	(while [ ! -e /etc/.rescued ]; do sleep 2; done
	log "rescue mode: login on the console"
	while :; do setsid cttyhack login; sleep 1; done) &
fi

mark agent
# Always on the console: one short line, the only record of the boot's pace a host can read.
echo "ferrum-init: boot times (s since kernel start):$boot_times"
echo "ferrum-init: boot times (s since kernel start):$boot_times" >>/run/ferrum/init.log
log "starting the agent"
cd /
/opt/ferrum/jre/bin/java -XX:+UseSerialGC -XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa -jar /opt/ferrum/agent/ferrum-agent.jar run --plugins /opt/ferrum/plugins </dev/null
status=$?
echo "ferrum-init: the agent exited with status $status"
echo "ferrum-init: the agent exited with status $status" >>/run/ferrum/init.log

if [ "$debug" = 1 ]; then
	echo "ferrum-init: ferrum-debug is set: staying up with the shell on the console"
	while :; do sleep 3600; done
fi
echo "ferrum-init: $on_exit in ${exit_delay}s"
sleep "$exit_delay"
sync
if [ "$on_exit" = reboot ]; then reboot -f; else poweroff -f; fi
# PID 1 must never exit: the kernel would panic.
while :; do sleep 3600; done
