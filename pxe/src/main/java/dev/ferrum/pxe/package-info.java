/**
 * Network boot for Ferrum nodes. Three concepts, one package each:
 * {@link dev.ferrum.pxe.script} renders iPXE scripts and pxelinux configs from typed records,
 * {@link dev.ferrum.pxe.http} serves those scripts and the kernel/initramfs files over HTTP, and
 * {@link dev.ferrum.pxe.dhcp} writes dnsmasq's configuration and its per-MAC host files. This
 * package holds what they share: {@link dev.ferrum.pxe.MacAddresses} (pxe's reading of support's one
 * MAC address type) and the module's one root exception, {@link dev.ferrum.pxe.PxeException}.
 */
package dev.ferrum.pxe;
