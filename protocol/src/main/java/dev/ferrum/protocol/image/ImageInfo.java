package dev.ferrum.protocol.image;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code image_info} Ironic sends with {@code write_image}: where to download the image
 * ({@code urls}, tried in order), its format, how to verify it ({@code os_hash_algo} +
 * {@code os_hash_value}, or the legacy {@code checksum}, which may also be a URL of a checksum
 * file), the node it is for, and for partition images the partition sizes in MiB and boot
 * settings. Keys Ferrum does not use (proxies, kernel/ramdisk of partition images, …) stay in
 * {@code extra}; absent keys stay absent on the wire, as stock IPA expects.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record ImageInfo(
        String id,
        List<String> urls,
        Optional<String> diskFormat,
        // Ironic always sends this key, null for a plain image; stock IPA reads it either way.
        @JsonInclude(JsonInclude.Include.ALWAYS) Optional<String> containerFormat,
        boolean streamRawImages,
        Optional<String> checksum,
        Optional<String> osHashAlgo,
        Optional<String> osHashValue,
        Optional<String> nodeUuid,
        Optional<String> imageType,
        Optional<Long> rootMb,
        Optional<Long> swapMb,
        Optional<Long> ephemeralMb,
        Optional<String> ephemeralFormat,
        Optional<Boolean> preserveEphemeral,
        Optional<String> configdrive,
        Optional<String> diskLabel,
        Optional<String> deployBootMode,
        Optional<String> bootOption,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    /** {@code image_type} of an image holding a filesystem that the agent partitions the disk for. */
    public static final String PARTITION = "partition";
    /** {@code image_type} of an image holding a whole disk (partition table included). */
    public static final String WHOLE_DISK = "whole-disk";

    public ImageInfo {
        WireValues.requireText(id, "image_info id");
        urls = WireValues.listOrEmpty(urls);
        diskFormat = WireValues.orEmpty(diskFormat);
        containerFormat = WireValues.orEmpty(containerFormat);
        checksum = WireValues.orEmpty(checksum);
        osHashAlgo = WireValues.orEmpty(osHashAlgo);
        osHashValue = WireValues.orEmpty(osHashValue);
        nodeUuid = WireValues.orEmpty(nodeUuid);
        imageType = WireValues.orEmpty(imageType);
        rootMb = WireValues.orEmpty(rootMb);
        swapMb = WireValues.orEmpty(swapMb);
        ephemeralMb = WireValues.orEmpty(ephemeralMb);
        ephemeralFormat = WireValues.orEmpty(ephemeralFormat);
        preserveEphemeral = WireValues.orEmpty(preserveEphemeral);
        configdrive = WireValues.orEmpty(configdrive);
        diskLabel = WireValues.orEmpty(diskLabel);
        deployBootMode = WireValues.orEmpty(deployBootMode);
        bootOption = WireValues.orEmpty(bootOption);
        extra = WireValues.orderedMap(extra);
    }

    /**
     * A whole-disk image verified by {@code os_hash_algo}/{@code os_hash_value}, streamed to disk
     * when raw, as Ironic builds it for the direct deploy interface.
     */
    public static ImageInfo wholeDisk(String id, List<String> urls, String diskFormat, String osHashAlgo,
            String osHashValue, String nodeUuid) {
        return new ImageInfo(id, urls, Optional.of(diskFormat), Optional.empty(), true, Optional.empty(),
                Optional.of(osHashAlgo), Optional.of(osHashValue), Optional.of(nodeUuid), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Map.of());
    }

    /** IPA partitions the disk only for {@code image_type == "partition"}; anything else is written whole. */
    @JsonIgnore
    public boolean isPartitionImage() {
        return imageType.filter(PARTITION::equals).isPresent();
    }
}
