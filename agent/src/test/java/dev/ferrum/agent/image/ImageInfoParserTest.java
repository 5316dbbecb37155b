package dev.ferrum.agent.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** image_info as Ironic sends it (a captured wire sample) and every way it can be malformed. */
class ImageInfoParserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHA256 = "a".repeat(64);
    private static final String SHA512 = "b".repeat(128);
    private final ImageInfoParser strict = new ImageInfoParser(ChecksumPolicy.strict());
    private final ImageInfoParser md5Allowed = new ImageInfoParser(new ChecksumPolicy(true));

    private static ObjectNode wireSample() throws IOException {
        try (var in = ImageInfoParserTest.class.getResourceAsStream("/wire/image_info-mm-direct.json")) {
            return (ObjectNode) JSON.readTree(in);
        }
    }

    private static ObjectNode info(String... fieldsAndValues) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", "img");
        n.putArray("urls").add("https://images.example/disk.img");
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            n.put(fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return n;
    }

    private static ImageWriteException failure(Runnable r) {
        try {
            r.run();
        } catch (ImageWriteException e) {
            return e;
        }
        throw new AssertionError("expected an ImageWriteException");
    }

    @Test
    void capturedIronicRequestParses() throws IOException {
        ImageRequest r = md5Allowed.parse(wireSample());

        assertThat(r.imageId()).isEqualTo("disk.raw");
        assertThat(r.urls()).containsExactly(URI.create("http://127.0.0.1:8080/disk.raw"));
        assertThat(r.declaredFormat()).contains(DiskFormat.RAW);
        assertThat(r.checksum()).isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.MD5, "93142d66ff3bd8fb5764418141a725dd"));
        assertThat(r.nodeUuid()).contains("181a4401-bf6b-4aa3-a3f3-dbc9fb867dc0");
    }

    @Test
    void capturedIronicRequestsMd5IsRefusedByDefault() throws IOException {
        ObjectNode sample = wireSample();
        ImageWriteException e = failure(() -> strict.parse(sample));

        assertThat(e.reason()).isEqualTo(ImageWriteException.Reason.INVALID_REQUEST);
        assertThat(e.ipaErrorType()).isEqualTo("InvalidCommandParamsError");
        assertThat(e).hasMessageContaining("md5 is disabled").hasMessageContaining("sha256");
    }

    @Test
    void osHashIsPreferredOverLegacyChecksum() {
        ImageRequest r = strict.parse(info("checksum", "ignored", "os_hash_algo", "sha512", "os_hash_value", SHA512));
        assertThat(r.checksum()).isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.SHA512, SHA512));
    }

    @Test
    void unnamedChecksumsAreRecognisedByLengthOrPrefix() {
        assertThat(strict.parse(info("checksum", SHA512)).checksum())
                .isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.SHA512, SHA512));
        assertThat(strict.parse(info("os_hash_value", SHA256.toUpperCase())).checksum())
                .isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.SHA256, SHA256));
        assertThat(strict.parse(info("checksum", "sha256:" + SHA256)).checksum())
                .isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.SHA256, SHA256));
        assertThat(md5Allowed.parse(info("checksum", "c".repeat(32))).checksum())
                .isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.MD5, "c".repeat(32)));
    }

    @Test
    void checksumUrlsBecomeRemoteChecksums() {
        ExpectedChecksum c = strict.parse(info("checksum", "https://images.example/SHA256SUMS")).checksum();
        assertThat(c).isEqualTo(new ExpectedChecksum.Remote(URI.create("https://images.example/SHA256SUMS"), Optional.empty()));
        assertThat(strict.parse(info("os_hash_algo", "sha256", "os_hash_value", "http://x.example/sums")).checksum())
                .isEqualTo(new ExpectedChecksum.Remote(URI.create("http://x.example/sums"), Optional.of(HashAlgorithm.SHA256)));
    }

    @Test
    void malformedValuesGetClearErrors() {
        record Case(ObjectNode info, String message) {
        }
        ObjectNode noUrls = info("checksum", SHA256);
        noUrls.remove("urls");
        ObjectNode emptyUrls = info("checksum", SHA256);
        emptyUrls.putArray("urls");
        ObjectNode urlsNotList = info("checksum", SHA256);
        urlsNotList.put("urls", "https://x/y");
        ObjectNode noId = info("checksum", SHA256);
        noId.remove("id");
        ObjectNode numberChecksum = info();
        numberChecksum.put("checksum", 12);
        ObjectNode fileUrl = info("checksum", SHA256);
        fileUrl.putArray("urls").add("file:///tmp/x.img");
        ObjectNode secretUrl = info("checksum", SHA256);
        secretUrl.putArray("urls").add("https://user:pw@x/ y?token=SECRET");
        List<Case> cases = List.of(
                new Case(noUrls, "Image is missing 'urls' field."),
                new Case(emptyUrls, "'urls' must be a list with at least one element"),
                new Case(urlsNotList, "'urls' must be a list"),
                new Case(noId, "Image is missing 'id' field."),
                new Case(info(), "Image checksum is not available"),
                new Case(numberChecksum, "'checksum' must be a string, not number"),
                new Case(info("os_hash_algo", "sha256"), "'os_hash_value' must be a non-empty string"),
                new Case(info("os_hash_algo", "sha1", "os_hash_value", SHA256), "'os_hash_algo' 'sha1' is not supported"),
                new Case(info("os_hash_algo", "sha512", "os_hash_value", SHA256), "not a sha512 hex digest"),
                new Case(info("checksum", "abc123"), "has 6 hex characters, which matches no known algorithm"),
                new Case(info("checksum", "not-hex!"), "neither a hex digest nor an http(s) URL"),
                new Case(info("checksum", SHA256, "disk_format", "vmdk"), "'disk_format' 'vmdk' is not supported"),
                new Case(fileUrl, "has scheme 'file'; only http and https"),
                new Case(secretUrl, "is not a valid URL"));
        for (Case c : cases) {
            ImageWriteException e = failure(() -> strict.parse(c.info()));
            assertThat(e).as(c.message()).hasMessageContaining(c.message()).hasMessageNotContaining("SECRET")
                    .hasMessageNotContaining("pw");
            assertThat(e.reason()).isEqualTo(ImageWriteException.Reason.INVALID_REQUEST);
        }
    }

    @Test
    void theProtocolRecordIsReadAsItIs() {
        ImageRequest r = strict.parse(dev.ferrum.protocol.image.ImageInfo.wholeDisk("disk.raw",
                List.of("http://127.0.0.1:8080/disk.raw"), "raw", "sha256", SHA256, "181a4401"));

        assertThat(r.imageId()).isEqualTo("disk.raw");
        assertThat(r.urls()).containsExactly(URI.create("http://127.0.0.1:8080/disk.raw"));
        assertThat(r.declaredFormat()).contains(DiskFormat.RAW);
        assertThat(r.checksum()).isEqualTo(new ExpectedChecksum.Known(HashAlgorithm.SHA256, SHA256));
        assertThat(r.nodeUuid()).contains("181a4401");
    }

    @Test
    void requestsNeverPrintSecretsFromUrls() {
        ImageRequest r = strict.parse(info("checksum", "https://u:pw@images.example/SUMS?sig=SECRET"));
        ObjectNode withToken = info("checksum", SHA256);
        withToken.putArray("urls").add("https://u:pw@images.example/disk.img?temp_url_sig=SECRET");
        assertThat(r.toString()).doesNotContain("SECRET").doesNotContain("pw");
        assertThat(strict.parse(withToken).toString()).doesNotContain("SECRET").doesNotContain("pw")
                .contains("https://images.example/disk.img?…");
    }
}
