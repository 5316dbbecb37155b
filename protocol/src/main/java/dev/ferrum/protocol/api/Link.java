package dev.ferrum.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * A hypermedia link as OpenStack APIs write them: {@code rel} is {@code self}, {@code bookmark} or
 * {@code describedby}; {@code type} (a media type) appears only on {@code describedby} links.
 */
public record Link(
        String href,
        String rel,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> type) {

    public Link {
        WireValues.requireText(href, "link href");
        WireValues.requireText(rel, "link rel");
        type = WireValues.orEmpty(type);
    }

    /** A link without a media type. */
    public static Link of(String href, String rel) {
        return new Link(href, rel, Optional.empty());
    }
}
