package dev.ferrum.imagebuilder.kernel;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which of the ramdisk's modules /init loads for every machine and which only for a device that is
 * present. Loading every NIC and storage driver costs seconds under emulation (mlx5_core alone is
 * 3.8 MB of relocations), and a machine has one or two of them. A module with a PCI or virtio
 * alias is a device driver: /init hands each present device's modalias to modprobe, which matches
 * it against {@code modules.alias} as udev's coldplug would. Everything else (filesystems, md, and
 * the drivers of buses whose devices appear asynchronously, such as SCSI disks behind a controller)
 * is loaded at boot as before, with its dependencies.
 */
public final class ModuleAliases {
    /** Buses whose devices exist by the time their parent's driver finishes loading, so one scan finds them. */
    private static final List<String> COLDPLUG_BUSES = List.of("pci:", "virtio:");
    /** What an alias may hold to be written as one word of modules.alias (modprobe's own glob syntax). */
    private static final Pattern ALIAS_WORD = Pattern.compile("[A-Za-z0-9_:*?.,+\\-\\[\\]]+");

    private ModuleAliases() {
    }

    /** Whether /init loads {@code module} only when a device matches one of its aliases. */
    public static boolean coldplugged(KernelModule module) {
        return module.aliases().stream().anyMatch(alias -> COLDPLUG_BUSES.stream().anyMatch(alias::startsWith)
                && ALIAS_WORD.matcher(alias).matches());
    }

    /**
     * The modules of {@code loadOrder} (each after its dependencies) that /init loads on every
     * machine, in the same order: those that are not coldplugged and are not merely a dependency of
     * coldplugged ones, and every dependency of those.
     */
    public static List<KernelModule> loadedAtBoot(List<KernelModule> loadOrder) {
        Set<String> atBoot = new HashSet<>();
        // Dependents come after their dependencies: walk backwards, so each module's dependents are decided first.
        for (KernelModule module : loadOrder.reversed()) {
            boolean neededByBootModule = loadOrder.stream()
                    .anyMatch(other -> atBoot.contains(other.name()) && other.depends().contains(module.name()));
            boolean dependedOn = loadOrder.stream().anyMatch(other -> other.depends().contains(module.name()));
            if (neededByBootModule || (!coldplugged(module) && !dependedOn)) {
                atBoot.add(module.name());
            }
        }
        return loadOrder.stream().filter(module -> atBoot.contains(module.name())).toList();
    }

    /** {@code modules.alias} as depmod writes it ({@code alias <glob> <module>}), for busybox modprobe. */
    public static String render(List<KernelModule> modules) {
        List<String> lines = new ArrayList<>();
        for (KernelModule module : modules) {
            for (String alias : module.aliases()) {
                if (ALIAS_WORD.matcher(alias).matches()) {
                    lines.add("alias " + alias + " " + module.name());
                }
            }
        }
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }
}
