/**
 * The conductor's flows: deploy, cleaning, inspection boot and the small synchronous verbs, driven by
 * API verbs ({@link dev.ferrum.conductor.flow.ConductorFlows} implements {@code NodeActions}) and by
 * agent heartbeats (it is also the ramdisk's {@code HeartbeatReceiver}). Every state change goes through
 * {@code Store.transition} holding the node's lock; work runs off the caller's thread on
 * {@link dev.ferrum.conductor.flow.NodeWork}, which retries while another task holds the node.
 *
 * <p>Every step has one shape, {@code (locked node) -> node}: it takes the node as last stored under the
 * lock and returns the node the store returned for its last write, which the next step takes; the node is
 * read once when a task takes the lock and not again (a failure after a partial write reads it afresh).
 * What depends on the node's driver is asked of its slots ({@code deploy().start(task, node)},
 * {@code inspect().poll(task, node)}, …) through a {@code FlowTask}; the flows hold the in-band engines
 * a slot may hand over to (the agent's deploy steps, the clean steps).
 *
 * <p>Wiring in {@code Main}: register the conductor ({@code store.conductors().register(host, …)} and
 * heartbeat it, calling {@code recovery.takeOverDeadConductors()} after each heartbeat), run
 * {@code recovery = new Recovery(store, host, conductorTimeout, clock)}'s {@code recover()}, build
 * {@code flows = new ConductorFlows(store, driverRegistry, new AgentClient(AgentClientConfig.defaults()),
 * flowConfig, host, clock)} and {@code api = new IronicApi(apiConfig, store, flows,
 * new RegistryDriverCatalog(driverRegistry), json, clock)}; on the routing register, in this order,
 * {@code new RamdiskService(api.endpoints(), store, host, ramdiskConfig, flows, clock, new SecureRandom())},
 * {@code new InspectionService(api.endpoints(), store, flows, new InspectionProcessor(store, driverRegistry,
 * host, clock, inspectionConfig, ProcessingHooks.load(inspectionConfig.hooks()), flows::submit, rules))}
 * and {@code new RulesService(api.endpoints(), rules)} (with {@code rules = new RuleBook(store.inspectionRules(),
 * builtInRules)}), then {@code api}; finally {@code new Sweeper(store, host, clock, flowConfig).start(interval)}. Close the
 * sweeper and the flows on shutdown.
 */
package dev.ferrum.conductor.flow;
