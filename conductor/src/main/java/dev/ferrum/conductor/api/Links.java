package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.ferrum.protocol.api.Link;
import java.util.List;

/** Ironic's self/bookmark link pairs: {@code <base>/v1/<path>} and {@code <base>/<path>}. */
public final class Links {
    private Links() {
    }

    /** The pair for a resource at {@code path} (no leading slash). */
    public static ArrayNode pair(ApiCall call, String path) {
        ArrayNode links = call.mapper().createArrayNode();
        links.addObject().put("href", call.baseUrl() + "/v1/" + path).put("rel", "self");
        links.addObject().put("href", call.baseUrl() + "/" + path).put("rel", "bookmark");
        return links;
    }

    /** The same pair as wire records, for documents built from protocol records. */
    public static List<Link> of(ApiCall call, String path) {
        return List.of(Link.of(call.baseUrl() + "/v1/" + path, "self"), Link.of(call.baseUrl() + "/" + path, "bookmark"));
    }

    /** The pair for a collection in the v1 document, which ends in a slash. */
    static ArrayNode collection(ApiCall call, String name) {
        return pair(call, name + "/");
    }
}
