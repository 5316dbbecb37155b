package dev.ferrum.hardware.generic.raid;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The software RAID devices the kernel runs, from {@code /proc/mdstat} under the machine's root:
 * each {@code mdN} with its component partitions ({@code md0 : active raid1 sdb1[1] sda1[0]}).
 */
final class MdStat {
    private static final Pattern DEVICE = Pattern.compile("^(md\\d+)\\s*:\\s*(.*)$");
    private static final Pattern COMPONENT = Pattern.compile("^([A-Za-z0-9_-]+)\\[\\d+\\](\\([A-Z]\\))?$");

    private MdStat() {
    }

    /** A running md device and the kernel names of its components. */
    record MdDevice(String name, List<String> components) {
    }

    static List<MdDevice> read(MachineContext machine) {
        return parse(MachineFiles.text(machine.proc().resolve("mdstat")).orElse(""));
    }

    static List<MdDevice> parse(String mdstat) {
        List<MdDevice> devices = new ArrayList<>();
        for (String line : mdstat.split("\n")) {
            Matcher device = DEVICE.matcher(line.strip());
            if (!device.matches()) {
                continue;
            }
            List<String> components = new ArrayList<>();
            for (String word : device.group(2).split("\\s+")) {
                Matcher component = COMPONENT.matcher(word);
                if (component.matches()) {
                    components.add(component.group(1));
                }
            }
            devices.add(new MdDevice(device.group(1), List.copyOf(components)));
        }
        return List.copyOf(devices);
    }
}
