package dev.ferrum.conductor.ramdisk;

/**
 * Takes an accepted heartbeat off the HTTP thread: records it on the node and lets the node's flow
 * move on. Must not drop a heartbeat because the node is locked at that moment.
 */
@FunctionalInterface
public interface HeartbeatReceiver {

    void heartbeat(AgentHeartbeat heartbeat);
}
