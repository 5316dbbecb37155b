#!/bin/bash
# Builds a bootable partition image (an ext4 filesystem, no partition table) from the host's Debian
# packages, for the QEMU partition-image deploy test:
#   /boot/vmlinuz-<version>     the kernel given (the test passes the agent ramdisk's Debian kernel)
#   /boot/initrd.img-<version>  a busybox initramfs whose /init prints MARKER on the serial port
#                               and powers the machine off
#   GRUB for i386-pc, or with BOOT_MODE uefi for x86_64-efi (grub-install, grub-mkconfig, grub-probe,
#   their libraries and modules), and a busybox userland, so the agent's install_bootloader can chroot into the deployed root and run
#   the image's own grub-install and grub-mkconfig, as IPA does with a real distribution image.
# The image needs no loop device and no mount: mkfs.ext4 -d fills it from a staging directory.
#
# Needs: busybox-static, grub-pc-bin (bios) or grub-efi-amd64-bin (uefi), grub2-common (grub-common),
# e2fsprogs (mke2fs -d), cpio, gzip.
# Usage: build-partition-image.sh KERNEL KERNEL_VERSION MARKER OUTPUT [bios|uefi]
set -euo pipefail

kernel=$1 version=$2 marker=$3 output=$4 boot_mode=${5:-bios}
case $boot_mode in
bios) grub_target=i386-pc grub_package=grub-pc-bin ;;
uefi) grub_target=x86_64-efi grub_package=grub-efi-amd64-bin ;;
*) echo "boot mode must be bios or uefi: $boot_mode" >&2; exit 2 ;;
esac
for need in /bin/busybox /usr/sbin/grub-install /usr/sbin/grub-mkconfig /usr/sbin/grub-probe \
    /usr/lib/grub/$grub_target/modinfo.sh /usr/sbin/mkfs.ext4 /usr/bin/cpio; do
  [ -e "$need" ] || { echo "missing $need: apt-get install busybox-static $grub_package grub2-common e2fsprogs cpio" >&2; exit 2; }
done
case $marker in *[!A-Za-z0-9._-]*) echo "marker must be [A-Za-z0-9._-]: $marker" >&2; exit 2 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,boot/grub,boot/efi,etc/default,etc/grub.d,dev,proc,sys,run,tmp,usr/lib/grub,usr/share/grub}

# A static busybox is the userland grub-mkconfig's shell scripts run with (sh, sed, grep, sort, …).
cp /bin/busybox "$root/bin/busybox"
for applet in $(/bin/busybox --list); do
  [ "$applet" = busybox ] || ln -sf busybox "$root/bin/$applet"
done

# GRUB's programs with the shared libraries they load (the dynamic loader included).
copy_with_libraries() {
  local program=$1
  mkdir -p "$root$(dirname "$program")"
  cp -L "$program" "$root$program"
  for lib in $(ldd "$program" | grep -oE '/[^ ]+\.so[^ ]*'); do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
}
for program in /usr/sbin/grub-install /usr/sbin/grub-probe /usr/bin/grub-mkrelpath /usr/bin/grub-editenv \
    /usr/bin/grub-script-check /usr/bin/grub-mkimage; do
  copy_with_libraries "$program"
done
# GRUB names an md root through 'mdadm --detail --export' (mduuid/…); without mdadm in the image it guesses
# 'md0', which its own md layer does not know, and grub-install fails. Real images for software RAID carry it.
if [ -x /usr/sbin/mdadm ]; then
  copy_with_libraries /usr/sbin/mdadm
  ln -sf ../usr/sbin/mdadm "$root/sbin/mdadm"
fi
cp /usr/sbin/grub-mkconfig "$root/usr/sbin/"
cp -r "/usr/lib/grub/$grub_target" "$root/usr/lib/grub/"
cp /usr/share/grub/grub-mkconfig_lib "$root/usr/share/grub/"
ln -s ../../share/grub/grub-mkconfig_lib "$root/usr/lib/grub/grub-mkconfig_lib"
cp /etc/grub.d/00_header /etc/grub.d/10_linux "$root/etc/grub.d/"
cat > "$root/etc/default/grub" <<'EOF'
# The instance talks on its serial port only, and boots at once (no_timer_check: TCG on a loaded host
# fails the kernel's IO-APIC timer check, which panics).
GRUB_DEFAULT=0
GRUB_TIMEOUT=0
GRUB_DISTRIBUTOR=Ferrum
GRUB_CMDLINE_LINUX_DEFAULT=""
GRUB_CMDLINE_LINUX="console=ttyS0 no_timer_check"
GRUB_TERMINAL=serial
GRUB_SERIAL_COMMAND="serial --unit=0 --speed=115200"
GRUB_DISABLE_RECOVERY=true
GRUB_DISABLE_OS_PROBER=true
EOF
printf 'root:x:0:0:root:/:/bin/sh\n' > "$root/etc/passwd"

cp "$kernel" "$root/boot/vmlinuz-$version"

# The instance's initramfs: print the marker where the test reads the console, then power off.
initrd=$work/initrd
mkdir -p "$initrd"/{bin,dev,proc}
cp /bin/busybox "$initrd/bin/busybox"
ln -s busybox "$initrd/bin/sh"
cat > "$initrd/init" <<EOF
#!/bin/sh
/bin/busybox mount -t devtmpfs devtmpfs /dev
echo "$marker" > /dev/ttyS0
/bin/busybox sync
/bin/busybox poweroff -f
EOF
chmod 755 "$initrd/init"
(cd "$initrd" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) | gzip -9 > "$root/boot/initrd.img-$version"

rm -f "$output"
mkfs.ext4 -q -F -L ferrum-root -d "$root" "$output" 64M
