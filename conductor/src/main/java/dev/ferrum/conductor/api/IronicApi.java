package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriversResource;
import dev.ferrum.conductor.api.nodes.HistoryResource;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.nodes.StatesResource;
import dev.ferrum.conductor.api.allocations.AllocationsResource;
import dev.ferrum.conductor.api.allocations.Allocations;
import dev.ferrum.conductor.api.conductors.ConductorsResource;
import dev.ferrum.conductor.api.conductors.NodeConductors;
import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.api.events.EventsResource;
import dev.ferrum.conductor.api.chassis.ChassisResource;
import dev.ferrum.conductor.api.nodes.NodeView;
import dev.ferrum.conductor.api.policy.PolicyEnforcer;
import dev.ferrum.conductor.api.policy.PolicyTable;
import dev.ferrum.conductor.api.shards.ShardsResource;
import dev.ferrum.conductor.api.nodes.NodesResource;
import dev.ferrum.conductor.api.nodes.TraitsResource;
import dev.ferrum.conductor.api.portgroups.PortgroupsResource;
import dev.ferrum.conductor.api.ports.PortView;
import dev.ferrum.conductor.api.ports.PortsResource;
import dev.ferrum.conductor.api.templates.DeployTemplatesResource;
import dev.ferrum.conductor.api.volume.VolumeConnectorsResource;
import dev.ferrum.conductor.api.volume.VolumeResource;
import dev.ferrum.conductor.api.volume.VolumeTargetsResource;
import dev.ferrum.conductor.api.bios.BiosResource;
import dev.ferrum.conductor.api.drivers.DriverPropertiesResource;
import dev.ferrum.conductor.api.inventory.InventoryResource;
import dev.ferrum.conductor.api.management.BmcActions;
import dev.ferrum.conductor.api.management.NodeManagementApi;
import dev.ferrum.conductor.api.management.OwnerCalls;
import dev.ferrum.conductor.api.raid.RaidResource;
import dev.ferrum.conductor.api.vendor.NodeVendorCalls;
import dev.ferrum.conductor.api.vendor.VendorPassthru;
import dev.ferrum.conductor.api.vendor.VendorPassthruResource;
import dev.ferrum.conductor.api.vifs.VifsResource;
import dev.ferrum.conductor.driver.raid.RaidInterfaces;
import dev.ferrum.conductor.driver.vendor.VendorInterfaces;
import dev.ferrum.conductor.network.StorePortgroups;
import dev.ferrum.conductor.network.StorePorts;
import dev.ferrum.conductor.network.VifAttachments;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;

/**
 * The Ironic v1 API as one Helidon service: versions, chassis, nodes, node traits, ports, portgroups, states
 * and actions, drivers, history, allocations, deploy templates and volume, then 404 for any other /v1 path. Ramdisk endpoints are registered by
 * whoever owns them <em>before</em> this service (they reuse {@link #endpoints()}), because this
 * service's catch-all answers every /v1 path it does not know.
 */
public final class IronicApi implements HttpService {
    private final Endpoints endpoints;
    private final List<HttpService> services;

    public IronicApi(ApiConfig config, Store store, NodeActions actions, DriverCatalog drivers, ObjectMapper json,
                     Clock clock) {
        this(config, store, actions, drivers, json, clock, ConductorRing.withDefaults(store.conductors()::list, clock));
    }

    /** As above, with the conductors' hash ring (liveness and node owners) the conductor itself uses. */
    public IronicApi(ApiConfig config, Store store, NodeActions actions, DriverCatalog drivers, ObjectMapper json,
                     Clock clock, ConductorRing ring) {
        this(config, store, actions, drivers, json, clock, ring, OwnerCalls.local(store, config.conductorName(),
                new BmcActions(store, actions, config.conductorName(),
                        NodeVendorCalls.runner(store, config.conductorName())), clock));
    }

    /** As above, with {@code owner} running the actions that reach a node's BMC on its ring owner. */
    public IronicApi(ApiConfig config, Store store, NodeActions actions, DriverCatalog drivers, ObjectMapper json,
                     Clock clock, ConductorRing ring, OwnerCalls owner) {
        this.endpoints = new Endpoints(config, json, new PolicyEnforcer(PolicyTable.ironicDefaults(), store));
        Allocations allocations = new Allocations(store, config.conductorName(), clock);
        NodeConductors nodeConductors = new NodeConductors(ring);
        PortView portView = new PortView(store.portgroups()::portgroupOf, port -> store.portInternalInfo().get(port));
        NodeView nodeView = new NodeView(nodeConductors::servingConductor, allocations::allocationOf,
                store.chassis()::chassisOf, store.hardware()::get,
                nodes -> dev.ferrum.conductor.api.nodes.NodePageRelations.load(store, nodes));
        this.services = List.of(
                new VersionsService(config, endpoints),
                new ChassisResource(store, endpoints, clock),
                new NodesResource(store, drivers, nodeView, config, endpoints, clock),
                new TraitsResource(store, config, endpoints),
                new PortsResource(store, portView, endpoints, clock),
                new PortgroupsResource(store, portView, config, endpoints, clock),
                new StatesResource(store, actions, endpoints, owner),
                new HistoryResource(store, endpoints),
                new dev.ferrum.conductor.api.erasure.EraseCertificatesResource(store, endpoints),
                new DriversResource(drivers, endpoints),
                new AllocationsResource(allocations, endpoints),
                new ConductorsResource(store.conductors(), nodeConductors, endpoints),
                new ShardsResource(store.nodes(), endpoints),
                new EventsResource(endpoints),
                new dev.ferrum.conductor.api.events.EventStreamResource(store, endpoints),
                new DeployTemplatesResource(store, endpoints, clock),
                new VolumeResource(store, endpoints),
                new VolumeConnectorsResource(store, config, endpoints, clock),
                new VolumeTargetsResource(store, config, endpoints, clock),
                new VifsResource(store, new VifAttachments(store, config.conductorName(), new StorePorts(store),
                        new StorePortgroups(store)), endpoints),
                new VendorPassthruResource(store, drivers, new VendorInterfaces(), new VendorPassthru(store,
                        config.conductorName(), task -> Thread.ofVirtual().name("vendor-passthru").start(task)),
                        owner, endpoints),
                new RaidResource(store, drivers, new RaidInterfaces(), config.conductorName(), endpoints),
                new NodeManagementApi(store, owner, endpoints),
                new BiosResource(store, endpoints),
                new dev.ferrum.conductor.api.firmware.FirmwareResource(store, endpoints),
                new InventoryResource(store, endpoints),
                new DriverPropertiesResource(drivers, endpoints));
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
