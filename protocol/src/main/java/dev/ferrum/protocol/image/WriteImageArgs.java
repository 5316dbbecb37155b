package dev.ferrum.protocol.image;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code args} of the {@code write_image} deploy step (and the params of the older
 * {@code standby.prepare_image}): the image to write and the config drive, a URL or a
 * base64-encoded gzipped ISO, absent (null) when the instance has none.
 */
public record WriteImageArgs(
        ImageInfo imageInfo,
        Optional<String> configdrive,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public WriteImageArgs {
        if (imageInfo == null) {
            throw new WireFormatException("write_image needs image_info");
        }
        configdrive = WireValues.orEmpty(configdrive);
        extra = WireValues.orderedMap(extra);
    }

    public static WriteImageArgs of(ImageInfo imageInfo, Optional<String> configdrive) {
        return new WriteImageArgs(imageInfo, configdrive, Map.of());
    }
}
