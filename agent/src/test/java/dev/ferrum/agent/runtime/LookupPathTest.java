package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.conductor.WebClientTransport;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.KernelCommandLine;
import dev.ferrum.agent.config.TlsSettings;
import dev.ferrum.agent.extension.ImageDeployer;
import dev.ferrum.agent.system.FakePowerControl;
import dev.ferrum.agent.system.SystemLogCollector;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent looks the node up with the NICs' MACs alone, while the slower sources of the full
 * inventory (OSHI on a real machine) are prepared in the background; the full inventory is collected
 * only when something sends it, and once.
 */
class LookupPathTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final FakeConductor conductor = new FakeConductor();
    private final FakeCommandRunner commands = new FakeCommandRunner();
    private final SlowSources machine = new SlowSources();
    private AgentRuntime runtime;

    @TempDir
    Path root;

    /** The fixture machine, with a preparation that never finishes until the test says so. */
    private static final class SlowSources extends FixtureMachine {
        final CountDownLatch preparing = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger fullInventories = new AtomicInteger();
        final AtomicInteger interfaceListings = new AtomicInteger();
        /** The conductor's calls so far when the preparation began. */
        volatile List<String> callsWhenPreparing = List.of();
        Supplier<List<String>> calls = List::of;

        @Override
        public void contribute(InventoryDraft draft, MachineContext machine) {
            fullInventories.incrementAndGet();
            super.contribute(draft, machine);
        }

        @Override
        public void contributeInterfaces(InventoryDraft draft, MachineContext machine) {
            interfaceListings.incrementAndGet();
            super.contribute(draft, machine);
        }

        @Override
        public void prepareInventory(MachineContext machine) {
            callsWhenPreparing = List.copyOf(calls.get());
            preparing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** These tests deploy nothing. */
    private static final class NoImages implements ImageDeployer {
        @Override
        public JsonNode write(WriteImageArgs args, ObjectNode node, JsonProgress progress) {
            throw new AssertionError("no image is written here");
        }

        @Override
        public ObjectNode partitionUuids() {
            throw new AssertionError("no image is written here");
        }
    }

    @AfterEach
    void stop() {
        machine.release.countDown();
        if (runtime != null) {
            runtime.close();
        }
        conductor.close();
    }

    private AgentRuntime agent(String extra) {
        return agent(extra, 4);
    }

    private AgentRuntime agent(String extra, int processors) {
        var config = AgentConfigParser.parse(KernelCommandLine.parse("ipa-api-url=" + conductor.url()
                + " ipa-listen-host=127.0.0.1 ipa-listen-port=0 ipa-enable-auto-tls=0 " + extra), Map.of());
        var context = new MachineContext(root, commands);
        var registry = HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(List.of(machine),
                List.of()), context);
        runtime = new AgentRuntime(new AgentServices(config, registry,
                new WebClientTransport(TlsSettings.DEFAULT, Duration.ofSeconds(5), json), new NoImages(), new FakePowerControl(),
                new SystemLogCollector(commands, root.resolve("proc"), List.of()), json, Clock.systemUTC(),
                Sleeper.system(), new SplittableRandom(7), Duration.ofSeconds(5), "ferrum-test"), processors);
        return runtime;
    }

    @Test
    void looksUpWithTheMacsWhileTheInventorySourcesAreStillPreparing() throws Exception {
        conductor.heartbeatTimeout = 60;

        agent("").start();

        assertThat(runtime.lookup()).hasValueSatisfying(l -> assertThat(l.nodeUuid()).isEqualTo(FakeConductor.NODE));
        assertThat(conductor.calls).anySatisfy(call -> assertThat(call).startsWith("GET /v1/lookup?")
                .contains("addresses=" + FixtureMachine.MAC.replace(":", "%3A")));
        assertThat(machine.preparing.await(5, TimeUnit.SECONDS)).as("preparation started in the background").isTrue();
        assertThat(machine.release.getCount()).as("still preparing when the lookup was done").isEqualTo(1);
        assertThat(machine.interfaceListings).hasValue(1);
        assertThat(machine.fullInventories).as("nothing needed the full inventory").hasValue(0);
    }

    @Test
    void onOneCpuTheInventoryWarmsUpOnlyOnceTheLookupIsAnswered() throws Exception {
        conductor.heartbeatTimeout = 60;
        machine.calls = () -> conductor.calls;

        agent("", 1).start();

        assertThat(machine.preparing.await(5, TimeUnit.SECONDS)).as("preparation started after all").isTrue();
        assertThat(machine.callsWhenPreparing).as("the lookup went first").anySatisfy(call -> assertThat(call)
                .startsWith("GET /v1/lookup?"));
        assertThat(machine.fullInventories).hasValue(0);
    }

    @Test
    void inspectionCollectsTheFullInventoryOnce() {
        conductor.heartbeatTimeout = 60;

        agent("ipa-inspection-callback-url=" + conductor.url() + "/v1/continue ipa-inspection-collectors=default").start();

        assertThat(conductor.inspections.getFirst().path("inventory").path("cpu").path("count").asInt()).isEqualTo(4);
        assertThat(machine.fullInventories).hasValue(1);
        assertThat(runtime.lookup()).isPresent();
    }
}
