package dev.ferrum.agent.partition;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The result of {@code standby.get_partition_uuids} in the shape ironic-lib's {@code work_on_disk}
 * gives it: {@code {"partitions": {role: device}, "root uuid": …, "efi system partition uuid": …}}
 * plus {@code "PReP Boot partition uuid"} when there is one. Absent UUIDs serialise as null,
 * like IPA's None. Ironic reads {@code root uuid} (and, for partition images, the EFI one).
 *
 * @param rootUuid the root partition's PARTUUID
 * @param efiSystemPartitionUuid the EFI system partition's PARTUUID
 * @param prepBootPartitionUuid the PowerPC PReP boot partition's PARTUUID
 * @param partitions role ("root", "efi system partition", "swap", "configdrive", …) → device node
 */
@JsonPropertyOrder({"partitions", "root uuid", "efi system partition uuid", "PReP Boot partition uuid"})
public record PartitionUuids(
        @JsonProperty("root uuid") Optional<String> rootUuid,
        @JsonProperty("efi system partition uuid") Optional<String> efiSystemPartitionUuid,
        @JsonProperty("PReP Boot partition uuid") @JsonInclude(JsonInclude.Include.NON_ABSENT)
        Optional<String> prepBootPartitionUuid,
        @JsonProperty("partitions") Map<String, String> partitions) {

    public static final String ROLE_ROOT = "root";
    public static final String ROLE_EFI_SYSTEM = "efi system partition";
    public static final String ROLE_PREP_BOOT = "PReP Boot partition";
    public static final String ROLE_BIOS_BOOT = "BIOS Boot partition";
    public static final String ROLE_SWAP = "swap";
    public static final String ROLE_CONFIG_DRIVE = "configdrive";

    public PartitionUuids {
        // Ordered as found, so the JSON reads the same every time.
        partitions = Collections.unmodifiableMap(new LinkedHashMap<>(partitions));
    }

    /** Nothing found: a disk without a partition table. */
    public static PartitionUuids none() {
        return new PartitionUuids(Optional.empty(), Optional.empty(), Optional.empty(), Map.of());
    }
}
