package dev.ferrum.hardware.generic.raid;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Assembles the software RAID arrays already on the machine's disks when the agent starts, as IPA's
 * generic manager does ({@code mdadm --assemble --scan}). A ramdisk has no udev and the kernel
 * autodetects only 0.90 superblocks, so without this an array built in an earlier boot is invisible:
 * root-device hints naming {@code /dev/md0} match nothing and metadata erasure sees its members as
 * plain disks. Each array keeps the number its name gives ({@code md0} was logical disk 0), whatever
 * host name the ramdisk that built it had: mdadm alone would call a foreign array {@code md127}.
 */
public final class ArrayAssembler {
    private static final System.Logger LOG = System.getLogger(ArrayAssembler.class.getName());
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final Pattern ARRAY_NAME = Pattern.compile("^name=(?:[^:\\s]*:)?(md\\d+)$");

    private ArrayAssembler() {
    }

    /** Assembles what mdadm finds; returns the running md devices afterwards. Failures are logged, never thrown. */
    public static List<String> assemble(MachineContext machine) {
        if (!machine.commands().isAvailable("mdadm")) {
            LOG.log(System.Logger.Level.INFO, "mdadm is not in this ramdisk: existing software RAID is not assembled");
            return List.of();
        }
        try {
            CommandResult examine = machine.commands().run(List.of("mdadm", "--examine", "--scan"), TIMEOUT);
            Set<String> running = new HashSet<>();
            MdStat.read(machine).forEach(device -> running.add(device.name()));
            String config = config(examine.stdout(), running);
            if (!examine.succeeded() || config.isEmpty()) {
                return List.copyOf(running);
            }
            Path file = Files.createDirectories(machine.root().resolve("tmp")).resolve("ferrum-mdadm.conf");
            Files.writeString(file, config);
            CommandResult assembled = machine.commands().run(List.of("mdadm", "--assemble", "--scan",
                    "--config=" + file), TIMEOUT);
            LOG.log(System.Logger.Level.INFO, "mdadm --assemble --scan exited with " + assembled.exitCode() + ": "
                    + assembled.stderr().strip());
        } catch (IOException | CommandException e) {
            LOG.log(System.Logger.Level.WARNING, "could not assemble existing software RAID: " + e.getMessage());
        }
        return MdStat.read(machine).stream().map(MdStat.MdDevice::name).toList();
    }

    /**
     * The mdadm.conf for {@code examineScan} ({@code mdadm --examine --scan} output): every array not yet
     * {@code running}, named {@code /dev/mdN} when its name is {@code mdN}, with any home host accepted.
     * Empty when there is nothing to assemble.
     */
    static String config(String examineScan, Set<String> running) {
        List<String> arrays = new ArrayList<>();
        for (String line : examineScan.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length < 2 || !words[0].equals("ARRAY")) {
                continue;
            }
            String device = words[1];
            for (String word : words) {
                Matcher name = ARRAY_NAME.matcher(word);
                if (name.matches()) {
                    device = "/dev/" + name.group(1);
                }
            }
            if (running.contains(device.substring(device.lastIndexOf('/') + 1))) {
                continue;
            }
            List<String> rest = new ArrayList<>(List.of(words).subList(2, words.length));
            arrays.add("ARRAY " + device + " " + String.join(" ", rest));
        }
        if (arrays.isEmpty()) {
            return "";
        }
        return "DEVICE partitions containers\nHOMEHOST <ignore>\n" + String.join("\n", arrays) + "\n";
    }
}
