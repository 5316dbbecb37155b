package dev.ferrum.imagebuilder.kernel;

import java.util.List;

/**
 * The modules to put in the ramdisk in a loadable order (every module after its dependencies),
 * the requested ones the kernel has built in, and the requested ones it lacks altogether.
 */
public record ModuleSelection(List<KernelModule> loadOrder, List<String> builtIn, List<String> missing) {
    public ModuleSelection {
        loadOrder = List.copyOf(loadOrder);
        builtIn = List.copyOf(builtIn);
        missing = List.copyOf(missing);
    }
}
