/**
 * Builds the agent ramdisk reproducibly: a jlink runtime with a class-data cache, the agent and its
 * hardware managers, busybox, the C libraries the JVM needs, kernel modules and a generated
 * {@code /init}, packed as a newc initramfs and as a container root file system.
 *
 * <p>Packages by concept: {@code command} (running tools), {@code plan} (the image as pure data),
 * {@code archive} (cpio/tar writers and compression), {@code elf} (headers and C library
 * resolution), {@code debian} (apt-get/dpkg-deb), {@code kernel}, {@code busybox}, {@code java}
 * (jdeps, jlink, class cache), {@code init} (scripts), {@code rootfs} (the image layout and its
 * planner), {@code manifest}, {@code build} (the orchestration) and {@code cli}.
 */
package dev.ferrum.imagebuilder;
