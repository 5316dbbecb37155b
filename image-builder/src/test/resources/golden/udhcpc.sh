#!/bin/sh
# udhcpc hook (busybox), written by ferrum-image-builder: $1 is the event, the lease is in the
# environment. Every lease is kept in /run/ferrum/leases/<nic>. The first NIC to get one becomes
# primary: it alone sets the default route and DNS, and its lease is published as
# /run/ferrum/lease, which /init waits for. Lease files hold key=value lines, values unquoted.
dir=/run/ferrum
case "$1" in
deconfig)
	ip -4 addr flush dev "$interface"
	ip link set "$interface" up
	rm -f "$dir/leases/$interface"
	;;
bound | renew)
	if [ "$1" = bound ] || ! ip -4 addr show dev "$interface" | grep -q "inet $ip/"; then
		ip -4 addr flush dev "$interface"
		ip addr add "$ip/${mask:-24}" dev "$interface"
	fi
	# Creating a symbolic link is atomic: the first NIC to create it is primary.
	ln -s "$interface" "$dir/primary" 2>/dev/null
	primary=0
	if [ "$(readlink "$dir/primary")" = "$interface" ]; then
		primary=1
		for gateway in $router; do
			ip route replace default via "$gateway" dev "$interface" && break
		done
		{
			[ -n "$domain" ] && echo "search $domain"
			for server in $dns; do echo "nameserver $server"; done
		} >/etc/resolv.conf.new
		mv /etc/resolv.conf.new /etc/resolv.conf
	fi
	{
		echo "interface=$interface"
		echo "mac=$(cat "/sys/class/net/$interface/address")"
		echo "ip=$ip"
		echo "prefix=${mask:-24}"
		echo "router=$router"
		echo "dns=$dns"
		echo "domain=$domain"
		echo "hostname=$hostname"
		echo "server=$serverid"
		echo "next_server=$siaddr"
		echo "boot_file=$boot_file"
		echo "lease_seconds=$lease"
		echo "primary=$primary"
	} >"$dir/leases/$interface.new"
	mv "$dir/leases/$interface.new" "$dir/leases/$interface"
	if [ "$primary" = 1 ]; then
		cp "$dir/leases/$interface" "$dir/lease.new"
		mv "$dir/lease.new" "$dir/lease"
	fi
	;;
esac
exit 0
