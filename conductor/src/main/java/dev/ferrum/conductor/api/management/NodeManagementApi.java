package dev.ferrum.conductor.api.management;

import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.driver.console.ConsoleInterfaces;
import dev.ferrum.conductor.driver.management.ManagementInterfaces;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;

/**
 * The node's console, boot mode and secure boot states and its management extras (NMI, indicators), as
 * one service for {@code IronicApi}'s list. Work Ironic does after answering runs on virtual threads.
 */
public final class NodeManagementApi implements HttpService {
    private final List<HttpService> services;

    public NodeManagementApi(Store store, String conductor, Endpoints endpoints) {
        ManagementInterfaces managements = new ManagementInterfaces();
        NodeWork work = new NodeWork(store, conductor, task -> Thread.ofVirtual().name("node-management").start(task));
        this.services = List.of(
                new ConsoleResource(store, new ConsoleInterfaces(), work, endpoints),
                new BootModeResource(store, managements, work, endpoints),
                new IndicatorsResource(store, managements, conductor, endpoints));
    }

    @Override
    public void routing(HttpRules rules) {
        services.forEach(service -> service.routing(rules));
    }
}
