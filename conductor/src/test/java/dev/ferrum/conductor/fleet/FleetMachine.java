package dev.ferrum.conductor.fleet;

import dev.ferrum.support.net.MacAddress;
import java.util.UUID;

/** One simulated machine of the fleet: its node in the store and the MAC its agent looks itself up by. */
record FleetMachine(UUID node, MacAddress mac) {
}
