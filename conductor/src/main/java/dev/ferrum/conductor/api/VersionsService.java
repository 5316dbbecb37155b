package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;

/**
 * {@code GET /} and {@code GET /v1}: the version documents in stock Ironic's shape and key order, with
 * links on the host the client addressed. The v1 document lists each later resource from the
 * microversion that added it, as Ironic's does.
 */
public final class VersionsService implements HttpService {
    private static final String DOCS = "https://docs.openstack.org//ironic/latest/contributor//webapi.html";
    private static final List<String> BASE_RESOURCES = List.of("chassis", "nodes", "ports", "drivers");
    /** Resources Ironic lists from the 1.x minor that added them, in its key order. */
    private record Later(String name, int minor) {
    }

    private static final List<Later> LATER_RESOURCES = List.of(new Later("portgroups", 23), new Later("volume", 32),
            new Later("lookup", 22), new Later("heartbeat", 22), new Later("conductors", 49),
            new Later("allocations", 52), new Later("events", 54), new Later("deploy_templates", 55),
            new Later("shards", 82), new Later("continue_inspection", 84));

    private final ApiConfig config;
    private final Endpoints endpoints;

    public VersionsService(ApiConfig config, Endpoints endpoints) {
        this.config = config;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", (req, res) -> endpoints.sendUnversioned(req, res, call -> call.json(200, root(call))))
                .get("/v1", endpoints.open(call -> call.json(200, v1(call))))
                .get("/v1/", endpoints.open(call -> call.json(200, v1(call))));
    }

    private ObjectNode root(ApiCall call) {
        ObjectNode root = call.mapper().createObjectNode();
        root.put("name", "OpenStack Ironic API");
        root.put("description", "Ironic is an OpenStack project which enables the provision and management of"
                + " baremetal machines.");
        root.set("default_version", version(call));
        root.putArray("versions").add(version(call));
        return root;
    }

    private ObjectNode v1(ApiCall call) {
        String base = call.baseUrl();
        ObjectNode doc = call.mapper().createObjectNode();
        doc.put("id", "v1");
        ArrayNode links = doc.putArray("links");
        links.addObject().put("href", base + "/v1/").put("rel", "self");
        links.addObject().put("href", DOCS).put("rel", "describedby").put("type", "text/html");
        doc.putObject("media_types").put("base", "application/json")
                .put("type", "application/vnd.openstack.ironic.v1+json");
        BASE_RESOURCES.forEach(r -> doc.set(r, Links.collection(call, r)));
        doc.set("version", version(call));
        // Ironic adds these from the versions that introduced them, so every link it shows resolves.
        LATER_RESOURCES.stream().filter(r -> call.atLeast(1, r.minor()))
                .forEach(r -> doc.set(r.name(), Links.collection(call, r.name())));
        return doc;
    }

    private ObjectNode version(ApiCall call) {
        ObjectNode version = call.mapper().createObjectNode();
        version.put("id", "v1");
        version.putArray("links").addObject().put("href", call.baseUrl() + "/v1/").put("rel", "self");
        version.put("status", "CURRENT");
        version.put("min_version", config.versions().min().toString());
        version.put("version", config.versions().max().toString());
        return version;
    }
}
