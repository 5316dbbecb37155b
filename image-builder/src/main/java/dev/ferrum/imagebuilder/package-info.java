/**
 * Builds the agent ramdisk reproducibly: a jlink runtime, the agent and its hardware managers,
 * {@code /init}, kernel modules, packed as an initramfs. Filled in by the image-builder work (issue 5).
 */
package dev.ferrum.imagebuilder;
