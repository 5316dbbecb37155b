package dev.ferrum.conductor.api;

import io.helidon.common.uri.UriPath;
import io.helidon.http.HttpPrologue;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import java.util.Set;

/**
 * Resolves request paths as Ironic's router does, in front of all routing, so every resource gets it
 * without registering extra patterns: a trailing slash names the same resource ({@code /v1/nodes/} is
 * {@code /v1/nodes}), and a path that does not start with a version segment is a v1 path
 * ({@code /nodes/<id>}, the bookmark links, is {@code /v1/nodes/<id>}). Paths under the server's other
 * mounts (boot files) are left alone; the root document {@code /} and {@code /v1} stay as they are.
 */
public final class ApiPaths implements Filter {
    private static final String VERSION = "v1";

    private final Set<String> otherMounts;

    /** @param otherMounts first path segments that belong to other services on the same server, e.g. "boot" */
    public ApiPaths(Set<String> otherMounts) {
        this.otherMounts = Set.copyOf(otherMounts);
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        HttpPrologue prologue = req.prologue();
        String raw = prologue.uriPath().rawPath();
        String normalised = normalise(raw);
        if (!normalised.equals(raw)) {
            req.prologue(HttpPrologue.create(prologue.rawProtocol(), prologue.protocol(), prologue.protocolVersion(),
                    prologue.method(), UriPath.create(normalised), prologue.query(), prologue.fragment()));
        }
        chain.proceed();
    }

    /** The path the router sees for {@code raw} (a raw, still percent-encoded request path). */
    String normalise(String raw) {
        String relative = raw.startsWith("/") ? raw.substring(1) : raw;
        int slash = relative.indexOf('/');
        if (otherMounts.contains(slash < 0 ? relative : relative.substring(0, slash))) {
            return raw;
        }
        String path = "/" + relative;
        while (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (path.equals("/") || path.equals("/" + VERSION) || path.startsWith("/" + VERSION + "/")) {
            return path;
        }
        return "/" + VERSION + path;
    }
}
