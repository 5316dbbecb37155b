/**
 * Encryption at rest of the secrets in a node's {@code driver_info}: the key file, the key ring that
 * keeps older keys readable during a rotation, and the sealer the store applies on every write and read.
 */
package dev.ferrum.conductor.sealing;
