/**
 * The conductor's Ironic v1 REST API on Helidon SE, wire-compatible with stock Ironic 2023.1 (API
 * 1.1–1.82) so the {@code baremetal} CLI and openstacksdk drive Ferrum unchanged.
 *
 * <p>Mounting: {@code Main} builds an {@link dev.ferrum.conductor.api.ApiConfig} (auth is
 * {@link dev.ferrum.conductor.api.ApiAuth.Tokens} or an explicit
 * {@link dev.ferrum.conductor.api.ApiAuth.NoAuth}), then registers
 * {@code new IronicApi(config, store, nodeActions, driverCatalog, WireJson.newMapper(), clock)} on
 * the routing. Services for other /v1 paths (the ramdisk's lookup, heartbeat, continue) are
 * registered <em>before</em> it and wrap their handlers with {@code ironicApi.endpoints().open(...)}
 * for the same version headers and error bodies; {@code IronicApi} ends with a 404 for every other
 * /v1 path.
 *
 * <p>Sub-packages by concept: {@code nodes} (node documents, JSON-patch, listing), {@code ports},
 * {@code actions} (states, power, validate, maintenance, boot device, drivers, history, and the
 * {@link dev.ferrum.conductor.api.actions.NodeActions} interface the flows implement),
 * {@code allocations}, {@code chassis}, {@code portgroups}, {@code volume} (connectors and targets),
 * {@code templates} (deploy templates), and {@code resources}: the field tables, listing parameters and
 * body checks those smaller resources share.
 */
package dev.ferrum.conductor.api;
