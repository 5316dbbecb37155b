package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriversResource;
import dev.ferrum.conductor.api.actions.HistoryResource;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.StatesResource;
import dev.ferrum.conductor.api.allocations.AllocationsResource;
import dev.ferrum.conductor.api.allocations.Allocations;
import dev.ferrum.conductor.api.conductors.ConductorsResource;
import dev.ferrum.conductor.api.conductors.NodeConductors;
import dev.ferrum.conductor.api.events.EventsResource;
import dev.ferrum.conductor.api.nodes.NodeView;
import dev.ferrum.conductor.api.shards.ShardsResource;
import dev.ferrum.conductor.api.nodes.NodesResource;
import dev.ferrum.conductor.api.nodes.TraitsResource;
import dev.ferrum.conductor.api.ports.PortView;
import dev.ferrum.conductor.api.ports.PortsResource;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;

/**
 * The Ironic v1 API as one Helidon service: versions, nodes, node traits, ports, states and actions, drivers,
 * history and allocations, then 404 for any other /v1 path. Ramdisk endpoints are registered by
 * whoever owns them <em>before</em> this service (they reuse {@link #endpoints()}), because this
 * service's catch-all answers every /v1 path it does not know.
 */
public final class IronicApi implements HttpService {
    private final Endpoints endpoints;
    private final List<HttpService> services;

    public IronicApi(ApiConfig config, Store store, NodeActions actions, DriverCatalog drivers, ObjectMapper json,
                     Clock clock) {
        this.endpoints = new Endpoints(config, json);
        Allocations allocations = new Allocations(store, config.conductorName(), clock);
        NodeConductors nodeConductors = new NodeConductors(store.conductors(), clock);
        NodeView nodeView = new NodeView(nodeConductors::servingConductor, allocations::allocationOf);
        this.services = List.of(
                new VersionsService(config, endpoints),
                new NodesResource(store, drivers, nodeView, config, endpoints, clock),
                new TraitsResource(store, config, endpoints),
                new PortsResource(store, new PortView(), endpoints, clock),
                new StatesResource(store, actions, endpoints),
                new HistoryResource(store, endpoints),
                new dev.ferrum.conductor.api.erasure.EraseCertificatesResource(store, endpoints),
                new DriversResource(drivers, endpoints),
                new AllocationsResource(allocations, endpoints),
                new ConductorsResource(store.conductors(), nodeConductors, endpoints),
                new ShardsResource(store.nodes(), endpoints),
                new EventsResource(endpoints));
    }

    /** The request machinery (versions, auth, errors) for other /v1 services such as the ramdisk endpoints. */
    public Endpoints endpoints() {
        return endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        services.forEach(service -> service.routing(rules));
        rules.any("/v1/*", endpoints.unknownRoute());
    }
}
