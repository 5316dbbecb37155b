package dev.ferrum.hardware.example.raid;

import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.LogicalDisk;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.RaidConfiguration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A stand-in for Acme's RAID controller, so the example shows hardware RAID without hardware. The
 * controller is two files under the machine's root: {@code var/lib/acme-raid/physical_disks}, one
 * physical disk a line ({@code <id> <size in GiB>}), and {@code var/lib/acme-raid/volumes}, the
 * volumes built, one a line. A real plugin would drive the vendor's tool through the context's
 * command runner instead; the step code around it would not change.
 */
public final class AcmeRaidController {
    /** The controller's name, as a logical disk's {@code controller} names it. */
    public static final String NAME = "Acme.RAID.Integrated.1";
    private static final Map<String, Integer> MINIMUM_DISKS = Map.of("0", 2, "1", 2, "5", 3, "1+0", 4);

    private final Path dir;

    public AcmeRaidController(MachineContext machine) {
        this.dir = machine.root().resolve("var/lib/acme-raid");
    }

    /**
     * The cache battery, from the controller's {@code battery} file ({@code state=optimal},
     * {@code charge=98}, a line each); empty without a controller, a battery file or a readable
     * state, since a fact that cannot be read is better absent than guessed.
     */
    public Optional<BatteryState> battery() {
        Map<String, String> fields = new HashMap<>();
        try {
            for (String line : Files.readAllLines(dir.resolve("battery"))) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    fields.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(fields.get("state")).filter(st -> !st.isEmpty())
                    .map(st -> new BatteryState(st, Integer.parseInt(fields.getOrDefault("charge", "0"))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether this machine has the controller (its physical-disk list exists). */
    public boolean present() {
        return Files.isRegularFile(dir.resolve("physical_disks"));
    }

    /** Removes every volume, as the controller's "clear configuration" does. */
    public int clear() {
        int removed = volumes().size();
        write(List.of());
        return removed;
    }

    /**
     * Builds each logical disk on free physical disks, in order; refuses the whole configuration, having
     * built nothing, when a disk names another controller, a level the controller lacks, or more disks
     * than are free.
     */
    public RaidConfiguration create(RaidConfiguration target) {
        if (!present()) {
            throw new HardwareManagerException("no Acme RAID controller found (" + dir.resolve("physical_disks")
                    + " is missing); check the controller in the BMC, or set \"controller\": \"software\" on a"
                    + " machine without one");
        }
        List<String> free = new ArrayList<>(physicalDisks());
        volumes().forEach(line -> List.of(line.split(" ")[3].split(",")).forEach(free::remove));
        List<String> lines = new ArrayList<>(volumes());
        List<LogicalDisk> built = new ArrayList<>();
        for (int i = 0; i < target.logicalDisks().size(); i++) {
            LogicalDisk disk = target.logicalDisks().get(i);
            String controller = disk.controller().orElse(NAME);
            if (!controller.equals(NAME)) {
                throw new HardwareManagerException("logical disk " + i + " names controller '" + controller
                        + "' but this machine's RAID controller is " + NAME + "; set \"controller\": \"" + NAME
                        + "\" or leave it out");
            }
            Integer minimum = MINIMUM_DISKS.get(disk.raidLevel());
            if (minimum == null) {
                throw new HardwareManagerException("logical disk " + i + " asks for RAID level " + disk.raidLevel()
                        + ", which " + NAME + " does not build; use one of " + MINIMUM_DISKS.keySet());
            }
            int wanted = Math.max(minimum, disk.physicalDisks().map(List::size).orElse(minimum));
            if (free.size() < wanted) {
                throw new HardwareManagerException("logical disk " + i + " (RAID-" + disk.raidLevel() + ") needs "
                        + wanted + " physical disks but " + free.size() + " are free on " + NAME
                        + "; run raid.delete_configuration first or ask for fewer disks");
            }
            List<String> members = disk.physicalDisks().orElse(List.copyOf(free.subList(0, wanted)));
            for (String member : members) {
                if (!free.remove(member)) {
                    throw new HardwareManagerException("physical disk " + member + " of logical disk " + i
                            + " is not a free disk of " + NAME + "; free: " + free);
                }
            }
            String name = disk.volumeName().orElse("acme-volume-" + lines.size());
            lines.add(name + " " + disk.raidLevel() + " " + disk.sizeGb() + " " + String.join(",", members));
            // The controller presents each volume as a disk whose serial is the volume's name.
            built.add(new LogicalDisk(disk.raidLevel(), disk.sizeGb(), Optional.of(name), disk.isRootVolume(),
                    Optional.of(NAME), Optional.of(List.copyOf(members)),
                    disk.root() ? Optional.of(Map.of("serial", name)) : Optional.empty()));
        }
        write(lines);
        return new RaidConfiguration(built);
    }

    /** The volumes built, one line each: name, level, size, members. */
    public List<String> volumes() {
        return read(dir.resolve("volumes"));
    }

    private List<String> physicalDisks() {
        return read(dir.resolve("physical_disks")).stream().map(line -> line.split("\\s+")[0]).toList();
    }

    private static List<String> read(Path file) {
        try {
            return Files.isRegularFile(file)
                    ? Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty()).toList()
                    : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private void write(List<String> lines) {
        try {
            Files.createDirectories(dir);
            Files.write(dir.resolve("volumes"), lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve("volumes"), e);
        }
    }
}
