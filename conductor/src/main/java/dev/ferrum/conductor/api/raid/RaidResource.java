package dev.ferrum.conductor.api.raid;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriverSummary;
import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.raid.RaidInterfaces;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * RAID from API 1.12: {@code PUT /v1/nodes/<id>/states/raid} stores a target RAID configuration after the
 * node's RAID slot accepted it (an empty one clears it without asking; a slot without RAID is a 404, as
 * Ironic answers), and {@code GET /v1/drivers/<d>/raid/logical_disk_properties} says what a logical disk
 * may hold. Below 1.12 both are 406.
 */
public final class RaidResource implements HttpService {
    /** How long a request waits for the node's lock before answering 409, as Ironic retries. */
    private static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(2);
    private final Store store;
    private final DriverCatalog drivers;
    private final RaidInterfaces raids;
    private final String conductor;
    private final Endpoints endpoints;

    public RaidResource(Store store, DriverCatalog drivers, RaidInterfaces raids, String conductor,
                        Endpoints endpoints) {
        this.store = store;
        this.drivers = drivers;
        this.raids = raids;
        this.conductor = conductor;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.put("/v1/nodes/{ident}/states/raid", endpoints.operator(this::setTarget))
                .any("/v1/nodes/{ident}/states/raid", endpoints.methodNotAllowed())
                .get("/v1/drivers/{name}/raid/logical_disk_properties", endpoints.operator(this::properties))
                .any("/v1/drivers/{name}/raid/logical_disk_properties", endpoints.methodNotAllowed());
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, 12)) {
            throw new ApiException(406, "Request not acceptable. RAID is available from API version 1.12.");
        }
    }

    private void setTarget(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        requireVersion(call);
        JsonDict target = JsonDict.of(call.bodyObject());
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            if (!target.isEmpty()) {
                try {
                    raids.named(node.interfaces().get(InterfaceKind.RAID)
                            .orElse(HardwareTypes.emptyName(InterfaceKind.RAID))).validateRaidConfig(node, target);
                } catch (UnsupportedExtensionException e) {
                    // RAID is a standard slot some drivers leave empty: Ironic answers 404 for it.
                    throw new NotFoundException(e.getMessage());
                }
            }
            return store.hardware().update(node.uuid(), h -> h.withTargetRaidConfig(target));
        });
        call.noContent();
    }

    private void properties(ApiCall call) {
        requireVersion(call);
        String name = call.pathParam("name");
        DriverSummary driver = drivers.driver(name).orElseThrow(() -> new NotFoundException(
                "Could not find the following driver(s) or hardware type(s): " + name + "."));
        String raid = driver.interfaces().stream().filter(c -> c.kind().equals("raid")).findFirst()
                .map(DriverSummary.InterfaceChoice::defaultImplementation)
                .orElse(HardwareTypes.emptyName(InterfaceKind.RAID));
        ObjectNode out = call.mapper().createObjectNode();
        raids.named(raid).logicalDiskProperties().forEach(out::put);
        call.json(200, out);
    }
}
