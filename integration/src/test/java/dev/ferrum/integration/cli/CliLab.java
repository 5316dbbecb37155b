package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the stock-CLI tests that run Ferrum's real agent share: a no-auth loopback conductor, the {@code baremetal}
 * runner that fails with the agent's log attached, and the "booting machine": the agent process started once a
 * node reaches a state, as the machine's ramdisk would start, and stopped as a powered-off machine's would be.
 * Closing stops all of it.
 */
final class CliLab implements AutoCloseable {
    private static final int MIB = 1 << 20;

    private final Path dir;
    private final ConductorServer conductor;
    private final String api;
    private final AtomicReference<Exception> starterFailure = new AtomicReference<>();
    private volatile Optional<AgentProcess> agent = Optional.empty();
    private Optional<Thread> starter = Optional.empty();

    private CliLab(Path dir, ConductorServer conductor) {
        this.dir = dir;
        this.conductor = conductor;
        this.api = BaremetalCli.endpoint(conductor);
    }

    /** Checks the CLI is installed (skips off CI, fails on CI), then starts the conductor, keeping its files in dir. */
    static CliLab start(Path dir) throws IOException {
        BaremetalCli.requireInstalled();
        return new CliLab(dir, BaremetalCli.startConductor(dir, false));
    }

    String api() {
        return api;
    }

    /** Runs {@code baremetal args} and returns its output; a non-zero exit fails with the output and the agent's log. */
    String baremetal(String... args) throws Exception {
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(5)).run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()
                + agent.map(a -> "\n--- agent log:\n" + a.log()).orElse("")).isZero();
        return run.output();
    }

    /** One field of the node, as {@code baremetal node show -f value -c} prints it. */
    String field(String node, String name) throws Exception {
        return baremetal("node", "show", node, "-f", "value", "-c", name).strip();
    }

    /** Starts the agent on {@code machine}, as a booting machine would, once {@code node} reaches {@code state}. */
    void startAgentWhen(String node, String state, FixtureMachine machine, String kernelParameters) {
        starter = Optional.of(Thread.ofVirtual().start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted() && !state.equals(field(node, "provision_state"))) {
                    Thread.sleep(300);
                }
                agent = Optional.of(AgentProcess.start(machine, api,
                        dir.resolve("agent-" + state.replace(' ', '-') + ".log"), kernelParameters));
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                starterFailure.set(e);
            }
        }));
    }

    /** The agent the last {@link #startAgentWhen} started; fails if starting it failed or it has not started. */
    AgentProcess agent() {
        assertThat(starterFailure.get()).as("starting the agent").isNull();
        return agent.orElseThrow(() -> new AssertionError("the agent has not been started"));
    }

    /** The machine "powers off": its ramdisk's agent stops. */
    void stopAgent() throws InterruptedException {
        if (starter.isPresent()) {
            starter.get().join(10_000);
        }
        assertThat(starterFailure.get()).as("starting the agent").isNull();
        if (agent.isPresent()) {
            agent.get().close();
            agent = Optional.empty();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (starter.isPresent()) {
            starter.get().interrupt();
            starter.get().join(5_000);
        }
        if (agent.isPresent()) {
            agent.get().close();
        }
        conductor.close();
    }

    /** A 4 MiB whole-disk image (random bytes from {@code seed}) whose MBR (disk signature 0x12345678)
     * holds one Linux partition from 1 MiB, so a config drive can be added after it. */
    static byte[] mbrImage(long seed) {
        byte[] image = new byte[4 * MIB];
        new Random(seed).nextBytes(image);
        Arrays.fill(image, 0, 512, (byte) 0);
        ByteBuffer mbr = ByteBuffer.wrap(image, 0, 512).order(ByteOrder.LITTLE_ENDIAN);
        mbr.put(446 + 4, (byte) 0x83);
        mbr.putInt(446 + 8, 2048);
        mbr.putInt(446 + 12, 4 * 2048 - 2048);
        mbr.putInt(440, 0x12345678);
        image[510] = 0x55;
        image[511] = (byte) 0xAA;
        return image;
    }

    /** The whole second MBR partition of {@code disk}, where the agent puts a config drive after the image. */
    static byte[] secondPartition(Path disk) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "r")) {
            byte[] mbr = new byte[512];
            file.readFully(mbr);
            ByteBuffer entries = ByteBuffer.wrap(mbr).order(ByteOrder.LITTLE_ENDIAN);
            long start = Integer.toUnsignedLong(entries.getInt(446 + 16 + 8));
            long sectors = Integer.toUnsignedLong(entries.getInt(446 + 16 + 12));
            assertThat(start).as("the config drive got the second partition").isPositive();
            byte[] partition = new byte[Math.toIntExact(sectors * 512)];
            file.seek(start * 512);
            file.readFully(partition);
            return partition;
        }
    }
}
