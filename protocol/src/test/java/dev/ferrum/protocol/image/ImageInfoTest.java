package dev.ferrum.protocol.image;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ImageInfoTest {
    private final ObjectMapper mapper = WireJson.newMapper();

    @Test
    void wholeDiskImageWritesOnlyTheKeysItHas() {
        ImageInfo info = ImageInfo.wholeDisk("disk.raw", List.of("http://192.0.2.1:8080/disk.raw"), "raw", "sha256",
                "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "181a4401");

        JsonNode json = mapper.valueToTree(WriteImageArgs.of(info, Optional.empty()));

        JsonNode imageInfo = json.get("image_info");
        assertThat(imageInfo.has("checksum")).isFalse();
        assertThat(imageInfo.has("root_mb")).isFalse();
        assertThat(imageInfo.has("partition_image")).as("helpers are not wire fields").isFalse();
        assertThat(imageInfo.get("os_hash_algo").asText()).isEqualTo("sha256");
        assertThat(imageInfo.get("stream_raw_images").asBoolean()).isTrue();
        assertThat(json.get("configdrive").isNull()).as("Ironic sends configdrive: null").isTrue();
        assertThat(info.isPartitionImage()).isFalse();
    }

    @Test
    void partitionImageIsRecognisedAndUnknownKeysSurvive() {
        ImageInfo info = WireJson.read(mapper, """
                {"id": "img", "urls": ["http://x/img.qcow2"], "disk_format": "qcow2", "stream_raw_images": true,
                 "checksum": "93142d66ff3bd8fb5764418141a725dd", "image_type": "partition", "root_mb": 10240,
                 "proxies": {"http": "http://proxy:3128"}}""", ImageInfo.class);

        assertThat(info.isPartitionImage()).isTrue();
        assertThat(info.rootMb()).contains(10240L);
        assertThat(info.extra()).containsKey("proxies");
        assertThat(mapper.valueToTree(info).get("proxies").get("http").asText()).isEqualTo("http://proxy:3128");
    }
}
