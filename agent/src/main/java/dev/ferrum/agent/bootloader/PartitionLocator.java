package dev.ferrum.agent.bootloader;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds a partition's device node from the UUID Ironic passes back: first among the partitions
 * this agent just wrote (what {@code get_partition_uuids} reported), else by {@code findfs}
 * on the filesystem UUID and then the PARTUUID, as IPA's {@code get_partition} falls back.
 *
 * @param known UUID → device node of the partitions this agent wrote
 */
public record PartitionLocator(Map<String, String> known, CommandRunner commands) {

    public PartitionLocator {
        known = Map.copyOf(known);
    }

    public Optional<String> find(String uuid) {
        if (known.containsKey(uuid)) {
            return Optional.of(known.get(uuid));
        }
        if (!commands.isAvailable("findfs")) {
            return Optional.empty();
        }
        for (String tag : List.of("UUID=", "PARTUUID=")) {
            CommandResult result = commands.run(List.of("findfs", tag + uuid), Duration.ofSeconds(30));
            if (result.succeeded() && !result.stdout().isBlank()) {
                return Optional.of(result.stdout().strip());
            }
        }
        return Optional.empty();
    }
}
