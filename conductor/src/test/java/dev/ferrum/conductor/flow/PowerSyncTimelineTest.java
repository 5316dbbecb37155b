package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.periodic.PowerSync;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Power at fleet scale (issue 13.5) and its timeline (issue 14.1): a machine switched off behind Ferrum's back is
 * noticed (or forced back, per {@code force_power_state_during_sync}); a machine that keeps drifting, like a BMC
 * that cannot be read, ends with the {@code power failure} fault; reads are bounded overall and per BMC; only the
 * nodes this conductor works are read; a power request to a failing BMC answers 202 and leaves the BMC's error in
 * {@code last_error}; everything lands in the node's history.
 */
class PowerSyncTimelineTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FlowFixture conductor = flow.start(FlowConfig.defaults());

    /** The fake BMC behind the fixture's {@code fake} power interface. */
    private final class FakeBmc implements PowerSync.PowerControl {
        @Override
        public PowerState read(Node node) {
            return conductor.power.powerState(node);
        }

        @Override
        public void set(Node node, PowerState target) {
            if (target == PowerState.POWER_ON) {
                conductor.power.powerOn(node);
            } else {
                conductor.power.powerOff(node);
            }
        }
    }

    private UUID poweredOn(String name, String mac, String extra) {
        UUID node = conductor.createNode(name, mac, extra);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.expect(202, conductor.send("PUT", "/v1/nodes/" + node + "/states/power",
                Optional.of("{\"target\":\"power on\"}"), Optional.of("latest")));
        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_ON);
        return node;
    }

    private void switchedOffByHand(UUID node) {
        conductor.power.powerOff(conductor.store.nodes().get(node));
    }

    private List<NodeEvent> history(UUID node, String kind) {
        return conductor.store.history().list(node).stream().filter(e -> e.kind().equals(kind)).toList();
    }

    private PowerSync sync(PowerSyncConfig config) {
        return new PowerSync(conductor.store, new FakeBmc(), FlowFixture.CONDUCTOR, config, conductor.clock);
    }

    @Test
    void withoutForceAMachineSwitchedOffByHandIsRecordedAsOffAndTheTimelineSaysSo() {
        UUID node = poweredOn("node-a", "02:fd:00:00:00:01", "");
        assertThat(history(node, "power.action")).singleElement().satisfies(e -> {
            assertThat(e.eventType()).isEqualTo("power");
            assertThat(e.details().get("result").asText()).isEqualTo("power on");
        });
        switchedOffByHand(node);

        sync(PowerSyncConfig.defaults().withForce(false)).syncOnce();

        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_OFF);
        assertThat(conductor.power.powerState(conductor.store.nodes().get(node))).isEqualTo(PowerState.POWER_OFF);
        assertThat(history(node, "power.sync")).singleElement().satisfies(e -> {
            assertThat(e.details().get("recorded").asText()).isEqualTo("power on");
            assertThat(e.details().get("actual").asText()).isEqualTo("power off");
            assertThat(e.details().get("forced").asText()).isEqualTo("false");
            assertThat(e.severity()).isEqualTo(NodeEvent.Severity.WARNING);
        });
    }

    @Test
    void withForceTheMachineIsPutBackAndOneThatKeepsDriftingGetsThePowerFailureFault() {
        UUID node = poweredOn("node-b", "02:fd:00:00:00:02", "");
        PowerSync sync = sync(PowerSyncConfig.defaults().withForce(true).withMaxFailures(2));
        switchedOffByHand(node);

        sync.syncOnce();
        assertThat(conductor.power.powerState(conductor.store.nodes().get(node)))
                .as("forced back on").isEqualTo(PowerState.POWER_ON);
        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_ON);
        assertThat(history(node, "power.sync")).singleElement()
                .satisfies(e -> assertThat(e.details().get("forced").asText()).isEqualTo("true"));

        switchedOffByHand(node);
        assertThat(sync.syncOnce()).as("forced twice: the machine keeps drifting").containsExactly(node);
        Node faulted = conductor.store.nodes().get(node);
        assertThat(faulted.maintenance()).isTrue();
        assertThat(faulted.attributes().fault()).contains(Fault.POWER_FAILURE);
        assertThat(faulted.powerState()).contains(PowerState.POWER_OFF);
        assertThat(history(node, "maintenance.set")).singleElement().satisfies(e -> {
            assertThat(e.severity()).isEqualTo(NodeEvent.Severity.ERROR);
            assertThat(e.details().get("fault").asText()).isEqualTo("power failure");
        });
    }

    @Test
    void unreadableBmcFailuresAndTheRecoveryAreInTheTimeline() {
        UUID node = poweredOn("node-c", "02:fd:00:00:00:03", "");
        boolean[] down = {true};
        PowerSync sync = new PowerSync(conductor.store, n -> {
            if (down[0]) {
                throw new IllegalStateException("BMC 10.0.0.9 did not answer");
            }
            return PowerState.POWER_ON;
        }, FlowFixture.CONDUCTOR, 2);
        sync.syncOnce();
        sync.syncOnce();
        assertThat(history(node, "power.read_failed")).hasSize(2).allSatisfy(e ->
                assertThat(e.details().get("error").asText()).contains("did not answer"));
        assertThat(history(node, "maintenance.set")).hasSize(1);
        down[0] = false;
        sync.syncOnce();
        assertThat(conductor.store.nodes().get(node).maintenance()).isFalse();
        assertThat(history(node, "maintenance.cleared")).singleElement()
                .satisfies(e -> assertThat(e.details().get("fault").asText()).isEqualTo("power failure"));
    }

    @Test
    void theBmcIsReadWithoutTheNodesLockAndANodeWrittenMeanwhileWaitsForTheNextPass() {
        UUID node = poweredOn("node-e", "02:fd:00:00:00:05", "");
        List<Integer> patched = new CopyOnWriteArrayList<>();
        boolean[] userAtWork = {true};
        PowerSync sync = new PowerSync(conductor.store, n -> {
            if (userAtWork[0]) {
                // A user's request while the BMC answers slowly: Ironic reads under a shared lock, so it goes through.
                patched.add(conductor.send("PATCH", "/v1/nodes/" + node, Optional.of(
                        "[{\"op\":\"add\",\"path\":\"/extra/rack\",\"value\":\"r7\"}]"), Optional.of("latest")).status());
            }
            return PowerState.POWER_OFF;
        }, FlowFixture.CONDUCTOR, 3);

        sync.syncOnce();

        assertThat(patched).as("the user's request during the read").containsExactly(200);
        Node afterFirst = conductor.store.nodes().get(node);
        assertThat(afterFirst.extra().string("rack")).contains("r7");
        assertThat(afterFirst.powerState()).as("written during the read: the answer may be older than the write")
                .contains(PowerState.POWER_ON);
        assertThat(history(node, "power.sync")).isEmpty();

        userAtWork[0] = false;
        sync.syncOnce();

        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_OFF);
        assertThat(history(node, "power.sync")).hasSize(1);
    }

    @Test
    void readsAreBoundedOverallAndPerBmcAndOnlyWorkedNodesAreRead() {
        Map<String, AtomicInteger> perBmc = new ConcurrentHashMap<>();
        Map<String, Integer> maxPerBmc = new ConcurrentHashMap<>();
        AtomicInteger overall = new AtomicInteger();
        AtomicInteger maxOverall = new AtomicInteger();
        Map<UUID, Integer> reads = new ConcurrentHashMap<>();
        for (int i = 0; i < 12; i++) {
            poweredOn("fleet-" + i, String.format("02:fe:00:00:00:%02x", i),
                    ",\"driver_info\":{\"ipmi_address\":\"10.0.1." + (i % 4) + "\"}");
        }
        UUID skipped = conductor.store.nodes().findByName("fleet-11").orElseThrow().uuid();
        PowerSync sync = new PowerSync(conductor.store, new PowerSync.PowerControl() {
            @Override
            public PowerState read(Node node) {
                String bmc = node.driverInfo().string("ipmi_address").orElseThrow();
                int atBmc = perBmc.computeIfAbsent(bmc, b -> new AtomicInteger()).incrementAndGet();
                maxPerBmc.merge(bmc, atBmc, Math::max);
                maxOverall.accumulateAndGet(overall.incrementAndGet(), Math::max);
                reads.merge(node.uuid(), 1, Integer::sum);
                FlowFixture.sleep(60);
                overall.decrementAndGet();
                perBmc.get(bmc).decrementAndGet();
                return PowerState.POWER_ON;
            }

            @Override
            public void set(Node node, PowerState target) {
                throw new AssertionError("nothing to force");
            }
        }, FlowFixture.CONDUCTOR, PowerSyncConfig.defaults().withConcurrency(3, 2)
                .withWorksOn(n -> !n.uuid().equals(skipped)), conductor.clock);

        sync.syncOnce();

        assertThat(reads).hasSize(11).doesNotContainKey(skipped);
        assertThat(maxPerBmc.values()).allSatisfy(max -> assertThat(max).isLessThanOrEqualTo(2));
        assertThat(maxOverall.get()).as("in parallel, within the bound").isBetween(2, 3);
    }

    @Test
    void aPowerRequestToAFailingBmcAnswers202AndLeavesTheBmcErrorInLastError() {
        UUID node = poweredOn("node-d", "02:fd:00:00:00:04", "");
        conductor.power.beforePowerOff(n -> {
            throw new IllegalStateException("Redfish BMC 10.0.0.7 answered 503 Service Unavailable");
        });

        conductor.expect(202, conductor.send("PUT", "/v1/nodes/" + node + "/states/power",
                Optional.of("{\"target\":\"power off\"}"), Optional.of("latest")));

        var states = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/states", "latest")).body();
        assertThat(states.get("last_error").asText()).contains("Failed to change power state to 'power off'")
                .contains("503 Service Unavailable");
        assertThat(states.get("power_state").asText()).isEqualTo("power on");
        assertThat(states.get("target_power_state").isNull()).isTrue();
        assertThat(history(node, "power.action")).last().satisfies(e -> {
            assertThat(e.severity()).isEqualTo(NodeEvent.Severity.ERROR);
            assertThat(e.details().get("error").asText()).contains("503");
        });
        var listed = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/history", "1.78")).body()
                .get("history");
        assertThat(listed.get(listed.size() - 1).get("severity").asText()).isEqualTo("ERROR");
        assertThat(listed.get(listed.size() - 1).get("event_type").asText()).isEqualTo("power");
    }

    @Test
    void maintenanceSetAndClearedThroughTheApiIsInTheTimeline() {
        UUID node = poweredOn("node-e", "02:fd:00:00:00:05", "");
        conductor.expect(202, conductor.send("PUT", "/v1/nodes/" + node + "/maintenance",
                Optional.of("{\"reason\":\"disk swap\"}"), Optional.of("latest")));
        conductor.expect(202, conductor.send("DELETE", "/v1/nodes/" + node + "/maintenance", Optional.empty(),
                Optional.of("latest")));
        assertThat(history(node, "maintenance.set")).singleElement()
                .satisfies(e -> assertThat(e.details().get("reason").asText()).isEqualTo("disk swap"));
        assertThat(history(node, "maintenance.cleared")).hasSize(1);
    }
}
