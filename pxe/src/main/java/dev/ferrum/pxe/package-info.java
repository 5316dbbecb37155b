/**
 * Network boot for Ferrum nodes: rendering iPXE and PXE scripts from typed records, serving boot
 * files over HTTP and managing dnsmasq's per-MAC host files. Filled in by the PXE work (issue 5).
 */
package dev.ferrum.pxe;
