package dev.ferrum.protocol.api;

/** A media type an API version serves: the generic {@code base} and the vendor-specific {@code type}. */
public record MediaType(String base, String type) {

    public MediaType {
        base = base == null ? "" : base;
        type = type == null ? "" : type;
    }
}
