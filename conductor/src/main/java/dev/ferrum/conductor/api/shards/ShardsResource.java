package dev.ferrum.conductor.api.shards;

import dev.ferrum.conductor.api.QueryParameters;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.store.NodeStore;
import dev.ferrum.conductor.store.ShardCount;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * {@code GET /v1/shards} (API 1.82): each shard name with its node count, most nodes first, as Ironic
 * answers it — including the nodes with no shard, which Ironic names {@code "None"}. There is no single
 * shard resource (404), and no paging: the list is small and changes as nodes move.
 */
public final class ShardsResource implements HttpService {
    private static final int MINOR = 82;

    private final NodeStore nodes;
    private final Endpoints endpoints;

    public ShardsResource(NodeStore nodes, Endpoints endpoints) {
        this.nodes = nodes;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/shards", endpoints.operator(this::list))
                .any("/v1/shards", endpoints.methodNotAllowed())
                .get("/v1/shards/{name}", endpoints.operator(call -> {
                    requireVersion(call);
                    throw new ApiException(404, "Shards can only be listed; there is no single shard resource.");
                }));
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, MINOR)) {
            throw new ApiException(404, "The API version does not allow shards");
        }
    }

    private void list(ApiCall call) {
        requireVersion(call);
        QueryParameters.NONE.check(call);
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode shards = out.putArray("shards");
        for (ShardCount shard : nodes.countByShard()) {
            // Ironic prints the missing shard as Python prints None.
            shards.addObject().put("name", shard.name().orElse("None")).put("count", shard.count());
        }
        call.json(200, out);
    }
}
