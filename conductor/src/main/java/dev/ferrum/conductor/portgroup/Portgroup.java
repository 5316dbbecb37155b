package dev.ferrum.conductor.portgroup;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.support.net.MacAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A group of a node's ports bonded together (a LAG): an optional name and MAC, both unique across the
 * inventory, the bonding {@code mode} and its {@code properties}, and whether member ports may also be
 * used on their own. {@code internalInfo} belongs to the conductor. {@code version} guards updates.
 */
public record Portgroup(
        UUID uuid,
        UUID nodeUuid,
        Optional<String> name,
        Optional<MacAddress> address,
        boolean standalonePortsSupported,
        String mode,
        JsonDict properties,
        JsonDict internalInfo,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {
    /** Ironic's default bonding mode ({@code [DEFAULT]default_portgroup_mode}). */
    public static final String DEFAULT_MODE = "active-backup";

    public Portgroup {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(internalInfo, "internalInfo");
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }

    /** What a create body or a PATCH may set. */
    public record Settings(UUID nodeUuid, Optional<String> name, Optional<MacAddress> address,
                           boolean standalonePortsSupported, String mode, JsonDict properties, JsonDict extra) {
        public Settings {
            Objects.requireNonNull(nodeUuid, "nodeUuid");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(address, "address");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(properties, "properties");
            Objects.requireNonNull(extra, "extra");
        }
    }

    /** A new portgroup, not yet stored (version 0). */
    public static Portgroup create(UUID uuid, Settings settings, Instant createdAt) {
        return new Portgroup(uuid, settings.nodeUuid(), settings.name(), settings.address(),
                settings.standalonePortsSupported(), settings.mode(), settings.properties(), JsonDict.empty(),
                settings.extra(), createdAt, Optional.empty(), 0);
    }

    public Settings settings() {
        return new Settings(nodeUuid, name, address, standalonePortsSupported, mode, properties, extra);
    }

    /** This portgroup with new settings. */
    public Portgroup with(Settings settings) {
        return new Portgroup(uuid, settings.nodeUuid(), settings.name(), settings.address(),
                settings.standalonePortsSupported(), settings.mode(), settings.properties(), internalInfo,
                settings.extra(), createdAt, updatedAt, version);
    }
}
