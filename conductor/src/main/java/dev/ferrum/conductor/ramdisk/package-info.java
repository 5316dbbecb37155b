/**
 * The endpoints the ramdisk agent calls on the conductor without an operator token: lookup (which
 * issues the agent token once), heartbeat, and the agent-driver era's vendor-passthru forms. Mounted
 * before {@code IronicApi} and wrapped in its {@code Endpoints.open} for versions and error bodies;
 * accepted heartbeats go to a {@link dev.ferrum.conductor.ramdisk.HeartbeatReceiver}.
 */
package dev.ferrum.conductor.ramdisk;
