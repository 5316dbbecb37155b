package dev.ferrum.imagebuilder.java;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The made-up machine root ({@code --root}) the class-cache training run sees, so it reads no host
 * hardware yet walks the path a booted agent takes: {@code sys/} and {@code proc/} (without them
 * no hardware manager supports the machine and the run stops before the inventory), one NIC with
 * a MAC (the agent waits for one before its lookup), and a kernel command line pointing the agent
 * at the {@link TrainingConductor} for inspection and lookup, with its command API on a free
 * loopback port.
 */
public final class TrainingMachine {
    /** A locally administered MAC, as QEMU gives its NICs. */
    static final String MAC = "52:54:00:fe:00:01";

    private TrainingMachine() {
    }

    public static void layOut(Path root, TrainingConductor conductor) throws IOException {
        Path nic = Files.createDirectories(root.resolve("sys/class/net/eth0"));
        // The device directory is what tells a physical NIC from loopback, bridges and the like.
        Files.createDirectories(nic.resolve("device"));
        Files.writeString(nic.resolve("address"), MAC + "\n");
        Files.writeString(nic.resolve("carrier"), "1\n");
        Files.createDirectories(root.resolve("proc"));
        // Inspection too, so an inspecting boot's full inventory is in the cache as well; not the "logs"
        // collector, which would read the build host's kernel log and journal.
        Files.writeString(root.resolve("proc/cmdline"), "ipa-api-url=" + conductor.url()
                + " ipa-inspection-callback-url=" + conductor.inspectionUrl() + " ipa-inspection-collectors=default"
                + " ipa-listen-host=127.0.0.1 ipa-listen-port=0 ipa-lookup-timeout=120\n");
    }
}
