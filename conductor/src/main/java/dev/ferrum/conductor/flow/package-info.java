/**
 * The conductor's flows: deploy, cleaning, inspection boot and the small synchronous verbs, driven by
 * API verbs ({@link dev.ferrum.conductor.flow.ConductorFlows} implements {@code NodeActions}) and by
 * agent heartbeats (it is also the ramdisk's {@code HeartbeatReceiver}). Every state change goes through
 * {@code Store.transition} holding the node's lock; work runs off the caller's thread on
 * {@link dev.ferrum.conductor.flow.NodeWork}, which retries while another task holds the node.
 */
package dev.ferrum.conductor.flow;
