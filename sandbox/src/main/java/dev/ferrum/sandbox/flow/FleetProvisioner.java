package dev.ferrum.sandbox.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.sandbox.SandboxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Takes machines through a node's whole life as an operator would, all through the conductor's
 * API and all machines in parallel: enroll (node + port) → manage → inspect → provide (automated
 * cleaning) → deploy the sample image. A machine that fails keeps its failed state and
 * {@code last_error}; the others go on.
 */
public final class FleetProvisioner {
    private static final Duration POLL = Duration.ofMillis(500);

    private final IronicApiClient api;
    private final Clock clock;
    private final Duration stepTimeout;
    private final ConcurrentHashMap<String, MachineProgress> progress = new ConcurrentHashMap<>();
    private final List<String> order = new ArrayList<>();

    /** @param stepTimeout how long one step (e.g. inspect) may take before the sandbox gives up on the machine */
    public FleetProvisioner(IronicApiClient api, Clock clock, Duration stepTimeout) {
        this.api = api;
        this.clock = clock;
        this.stepTimeout = stepTimeout;
    }

    /** How one machine's run ended. */
    public record Outcome(String machine, String nodeUuid, MachineProgress progress) {
        public boolean succeeded() {
            return progress.step() == MachineProgress.Step.DONE;
        }
    }

    /** Every machine's progress, in enrollment order. */
    public List<MachineProgress> progress() {
        synchronized (order) {
            return order.stream().map(progress::get).toList();
        }
    }

    /** Runs every machine to {@code active} (or failure); returns when all have finished. */
    public List<Outcome> provision(List<NodeEnrollment> machines, SampleDeployment image) throws InterruptedException {
        Instant now = clock.instant();
        synchronized (order) {
            for (NodeEnrollment machine : machines) {
                order.add(machine.name());
                progress.put(machine.name(), MachineProgress.waiting(machine.name(), now));
            }
        }
        List<Future<Outcome>> runs = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (NodeEnrollment machine : machines) {
                runs.add(executor.submit(() -> run(machine, image)));
            }
            List<Outcome> outcomes = new ArrayList<>();
            for (Future<Outcome> run : runs) {
                try {
                    outcomes.add(run.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new SandboxException("a provisioning run broke: " + e.getCause(), e.getCause());
                }
            }
            return outcomes;
        }
    }

    private Outcome run(NodeEnrollment machine, SampleDeployment image) throws InterruptedException {
        String name = machine.name();
        String uuid = "";
        try {
            update(name, MachineProgress.Step.ENROLL, "-");
            uuid = api.post("/v1/nodes", machine.node()).path("uuid").asText();
            ObjectNode port = api.json().createObjectNode().put("address", machine.mac()).put("node_uuid", uuid);
            api.post("/v1/ports", port);
            step(name, uuid, MachineProgress.Step.MANAGE, "manage", "manageable");
            step(name, uuid, MachineProgress.Step.INSPECT, "inspect", "manageable");
            step(name, uuid, MachineProgress.Step.PROVIDE, "provide", "available");
            api.patchNode(uuid, instanceInfo(image));
            step(name, uuid, MachineProgress.Step.DEPLOY, "active", "active");
            update(name, MachineProgress.Step.DONE, "active");
        } catch (StepFailed e) {
            progress.computeIfPresent(name, (k, p) -> p.failed(e.state, e.getMessage(), clock.instant()));
        } catch (SandboxException e) {
            String state = progress.get(name).provisionState();
            progress.computeIfPresent(name, (k, p) -> p.failed(state, e.getMessage(), clock.instant()));
        }
        return new Outcome(name, uuid, progress.get(name));
    }

    private JsonNode instanceInfo(SampleDeployment image) {
        var patch = api.json().createArrayNode();
        patch.addObject().put("op", "add").put("path", "/instance_info/image_source").put("value", image.imageUrl());
        patch.addObject().put("op", "add").put("path", "/instance_info/image_os_hash_algo").put("value", "sha256");
        patch.addObject().put("op", "add").put("path", "/instance_info/image_os_hash_value").put("value", image.sha256());
        patch.addObject().put("op", "add").put("path", "/instance_info/image_disk_format").put("value", image.diskFormat());
        return patch;
    }

    /** Asks for {@code verb} and waits until the node rests in {@code stable}. */
    private void step(String name, String uuid, MachineProgress.Step step, String verb, String stable)
            throws InterruptedException {
        update(name, step, progress.get(name).provisionState());
        api.provision(uuid, verb);
        Instant deadline = clock.instant().plus(stepTimeout);
        boolean sawChange = false;
        while (true) {
            JsonNode node = api.get("/v1/nodes/" + uuid);
            String state = node.path("provision_state").asText();
            boolean settled = node.path("target_provision_state").isNull() || node.path("target_provision_state").isMissingNode();
            update(name, step, state);
            Optional<ImageWriteProgress> write = step == MachineProgress.Step.DEPLOY
                    ? ImageWriteProgress.of(node) : Optional.empty();
            progress.computeIfPresent(name, (k, p) -> p.writing(write));
            // "inspect" starts and ends in manageable: it is done once it left manageable or recorded its end.
            sawChange |= !state.equals(stable) || !settled || node.hasNonNull("inspection_finished_at");
            if (state.endsWith(" failed") || state.equals("error")) {
                throw new StepFailed(state, node.path("last_error").asText("(no last_error)"));
            }
            if (state.equals(stable) && settled && (sawChange || !verb.equals("inspect"))) {
                return;
            }
            if (clock.instant().isAfter(deadline)) {
                throw new StepFailed(state, "the sandbox gave up waiting for '" + stable + "' after "
                        + stepTimeout.toSeconds() + " s; last_error: " + node.path("last_error").asText("(none)"));
            }
            Thread.sleep(POLL);
        }
    }

    private void update(String name, MachineProgress.Step step, String state) {
        progress.computeIfPresent(name, (k, p) -> p.at(step, state, clock.instant()));
    }

    /** A node landed in a failed state or took too long. */
    private static final class StepFailed extends RuntimeException {
        private final String state;

        StepFailed(String state, String message) {
            super(message);
            this.state = state;
        }
    }
}
