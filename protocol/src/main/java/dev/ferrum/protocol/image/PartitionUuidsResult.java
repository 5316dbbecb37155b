package dev.ferrum.protocol.image;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code command_result} of {@code standby.get_partition_uuids}: IPA's keys with spaces in
 * them, {} (both empty) for a whole-disk image.
 */
public record PartitionUuidsResult(
        @JsonProperty("root uuid") Optional<String> rootUuid,
        @JsonProperty("efi system partition uuid") Optional<String> efiSystemPartitionUuid,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public PartitionUuidsResult {
        rootUuid = WireValues.orEmpty(rootUuid);
        efiSystemPartitionUuid = WireValues.orEmpty(efiSystemPartitionUuid);
        extra = WireValues.orderedMap(extra);
    }

    public static PartitionUuidsResult none() {
        return new PartitionUuidsResult(Optional.empty(), Optional.empty(), Map.of());
    }
}
