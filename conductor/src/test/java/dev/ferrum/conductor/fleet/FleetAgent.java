package dev.ferrum.conductor.fleet;

import java.util.UUID;

/** A simulated agent after its lookup: the node it found and the agent token the conductor issued to it. */
record FleetAgent(FleetMachine machine, UUID node, String token) {
}
