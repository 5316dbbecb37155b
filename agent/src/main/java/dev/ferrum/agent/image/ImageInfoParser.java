package dev.ferrum.agent.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.image.ImageInfo;
import dev.ferrum.protocol.json.WireJson;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns the {@code image_info} of IPA's {@code write_image} (the protocol's {@link ImageInfo} record)
 * into an {@link ImageRequest}, with IPA's validation rules ({@code urls} required; {@code os_hash_algo}/
 * {@code os_hash_value} preferred over the legacy {@code checksum}) and a clear error for each bad value.
 * Fields this writer does not use ({@code container_format}, {@code stream_raw_images}, …) are ignored.
 * A raw dict (a bench or test input) is checked for IPA's field types first, then read as the record.
 */
public final class ImageInfoParser {
    private static final List<String> TEXT_FIELDS = List.of("disk_format", "checksum", "os_hash_algo",
            "os_hash_value", "node_uuid");

    private final ChecksumPolicy policy;
    private final ObjectMapper json = WireJson.newMapper();

    public ImageInfoParser(ChecksumPolicy policy) {
        this.policy = policy;
    }

    /** The request the record describes. */
    public ImageRequest parse(ImageInfo imageInfo) {
        List<URI> urls = urls(imageInfo.urls());
        Optional<DiskFormat> format = text(imageInfo.diskFormat()).map(name -> DiskFormat.fromWire(name)
                .orElseThrow(() -> invalid("Image 'disk_format' '" + name + "' is not supported; this agent writes "
                        + DiskFormat.known() + " images (compressed raw images are detected by content)")));
        ExpectedChecksum checksum = checksum(imageInfo);
        return new ImageRequest(imageInfo.id().trim(), urls, format, checksum, text(imageInfo.nodeUuid()));
    }

    /** A raw {@code image_info} dict: IPA's type rules for its fields, then {@link #parse(ImageInfo)}. */
    public ImageRequest parse(ObjectNode imageInfo) {
        requiredText(imageInfo, "id");
        JsonNode urls = imageInfo.get("urls");
        if (urls == null || urls.isNull()) {
            throw invalid("Image is missing 'urls' field.");
        }
        if (!urls.isArray() || urls.isEmpty()) {
            throw invalid("Image 'urls' must be a list with at least one element.");
        }
        for (int i = 0; i < urls.size(); i++) {
            if (!urls.get(i).isTextual() || urls.get(i).asText().isBlank()) {
                throw invalid("Image 'urls' element " + i + " must be a non-empty string");
            }
        }
        TEXT_FIELDS.forEach(field -> optionalText(imageInfo, field));
        ImageInfo record;
        try {
            record = WireJson.convert(json, imageInfo, ImageInfo.class);
        } catch (ProtocolException e) {
            throw invalid("Image info is malformed: " + e.getMessage());
        }
        return parse(record);
    }

    private static List<URI> urls(List<String> given) {
        if (given.isEmpty()) {
            throw invalid("Image 'urls' must be a list with at least one element.");
        }
        List<URI> urls = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            if (given.get(i).isBlank()) {
                throw invalid("Image 'urls' element " + i + " must be a non-empty string");
            }
            urls.add(httpUrl(given.get(i).trim(), "Image 'urls' element " + i));
        }
        return urls;
    }

    /** Parses an http(s) URL; the message never repeats the URL, which may hold a token. */
    static URI httpUrl(String text, String what) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw invalid(what + " is not a valid URL (" + e.getReason() + " at index " + e.getIndex() + ")");
        }
        String scheme = Optional.ofNullable(uri.getScheme()).orElse("").toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid(what + " has scheme '" + scheme + "'; only http and https URLs are supported");
        }
        if (uri.getHost() == null) {
            throw invalid(what + " has no host");
        }
        return uri;
    }

    private ExpectedChecksum checksum(ImageInfo info) {
        Optional<String> algo = text(info.osHashAlgo());
        Optional<String> value = text(info.osHashValue());
        if (algo.isPresent() || value.isPresent()) {
            String v = value.orElseThrow(() -> invalid("Image 'os_hash_value' must be a non-empty string when 'os_hash_algo' is set."));
            Optional<HashAlgorithm> named = algo.map(a -> HashAlgorithm.fromWire(a).orElseThrow(
                    () -> invalid("Image 'os_hash_algo' '" + a + "' is not supported; use sha256 or sha512")));
            return checksumValue(v, named, "os_hash_value");
        }
        Optional<String> legacy = text(info.checksum());
        if (legacy.isPresent()) {
            return checksumValue(legacy.get(), Optional.empty(), "checksum");
        }
        throw invalid("Image checksum is not available, either the 'checksum' field or the 'os_hash_algo' and "
                + "'os_hash_value' fields pair must be set for image verification.");
    }

    /** A value the record carries, trimmed; blank counts as absent, as IPA reads it. */
    private static Optional<String> text(Optional<String> value) {
        return value.map(String::trim).filter(text -> !text.isEmpty());
    }

    /** A hex digest, {@code algo:hex}, or the URL of a checksums file. */
    private ExpectedChecksum checksumValue(String raw, Optional<HashAlgorithm> named, String field) {
        String value = raw.trim();
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            URI url = httpUrl(value, "Image '" + field + "' URL");
            named.ifPresent(a -> policy.require(a, "Image '" + field + "'"));
            return new ExpectedChecksum.Remote(url, named);
        }
        Optional<HashAlgorithm> algorithm = named;
        int colon = value.indexOf(':');
        if (colon > 0 && named.isEmpty()) {
            String prefix = value.substring(0, colon);
            algorithm = Optional.of(HashAlgorithm.fromWire(prefix).orElseThrow(
                    () -> invalid("Image '" + field + "' names algorithm '" + prefix + "'; use sha256 or sha512")));
            value = value.substring(colon + 1).trim();
        }
        if (!ExpectedChecksum.isHex(value)) {
            throw invalid("Image '" + field + "' is neither a hex digest nor an http(s) URL");
        }
        int length = value.length();
        HashAlgorithm a = algorithm.orElseGet(() -> HashAlgorithm.byHexLength(length).orElseThrow(
                () -> invalid("Image '" + field + "' has " + length + " hex characters, which matches no known "
                        + "algorithm (128 sha512, 64 sha256, 32 md5); set 'os_hash_algo'")));
        policy.require(a, "Image '" + field + "'");
        return new ExpectedChecksum.Known(a, value);
    }

    private static void requiredText(ObjectNode info, String field) {
        optionalText(info, field).orElseThrow(() -> invalid("Image is missing '" + field + "' field."));
    }

    /** A non-blank string field; JSON null and absence are both empty, any other type is an error. */
    private static Optional<String> optionalText(ObjectNode info, String field) {
        JsonNode node = info.get(field);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isTextual()) {
            throw invalid("Image '" + field + "' must be a string, not " + node.getNodeType().name().toLowerCase(Locale.ROOT));
        }
        String text = node.asText().trim();
        return text.isEmpty() ? Optional.empty() : Optional.of(text);
    }

    private static ImageWriteException invalid(String message) {
        return new ImageWriteException(Reason.INVALID_REQUEST, message);
    }
}
