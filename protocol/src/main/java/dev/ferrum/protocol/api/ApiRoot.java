package dev.ferrum.protocol.api;

import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;

/**
 * The document at {@code GET /} of Ironic's API and of IPA's agent API: service name and
 * description, the default version and every version served. IPA's lookup reads it first to learn
 * the conductor's maximum microversion.
 */
public record ApiRoot(String name, String description, ApiVersion defaultVersion, List<ApiVersion> versions) {

    public ApiRoot {
        name = name == null ? "" : name;
        description = description == null ? "" : description;
        if (defaultVersion == null) {
            throw new WireFormatException("API root document needs a default_version");
        }
        versions = WireValues.listOrEmpty(versions);
    }
}
