package dev.ferrum.imagebuilder.rootfs;

import dev.ferrum.imagebuilder.elf.NativeLibraries;
import dev.ferrum.imagebuilder.kernel.KernelModule;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything that goes into the ramdisk, prepared but not yet placed: the planner turns this into
 * a {@link dev.ferrum.imagebuilder.plan.BuildPlan} without running anything.
 *
 * @param javaRoot a staged tree holding {@code opt/ferrum/...} (runtime, agent, plugins, class cache)
 * @param kernelVersion the kernel the modules belong to; empty for a rootfs-only build (no modules)
 * @param modules kernel modules in load order
 * @param busybox the static busybox binary
 * @param busyboxApplets the applet paths busybox reports ({@code bin/sh}, {@code sbin/ip}, ...)
 * @param libraries the host C libraries the runtime and host binaries need
 * @param hostBinaries extra host programs by image path
 * @param initScript the text of /init
 * @param udhcpcHook the text of the udhcpc hook
 * @param launcher the text of the agent launcher script
 * @param mtime the one modification time of every entry
 */
public record RamdiskContents(Path javaRoot, Optional<String> kernelVersion, List<KernelModule> modules, Path busybox,
        List<String> busyboxApplets, NativeLibraries libraries, Map<String, Path> hostBinaries, String initScript,
        String udhcpcHook, String launcher, Instant mtime) {

    public RamdiskContents {
        modules = List.copyOf(modules);
        busyboxApplets = List.copyOf(busyboxApplets);
        hostBinaries = Map.copyOf(hostBinaries);
    }
}
