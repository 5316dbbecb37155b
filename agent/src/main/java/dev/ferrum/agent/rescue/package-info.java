/**
 * Rescue mode inside the ramdisk: the tenant's root password (a crypt(3) hash the conductor sent) goes into
 * the ramdisk's own {@code /etc/shadow}, never a disk's, and only when the running root file system is the
 * ramdisk's (or a relocated test tree).
 */
package dev.ferrum.agent.rescue;
