package dev.ferrum.imagebuilder.rootfs;

import dev.ferrum.imagebuilder.elf.NativeLibraries;
import dev.ferrum.imagebuilder.kernel.KernelModule;
import dev.ferrum.imagebuilder.kernel.ModuleAliases;
import dev.ferrum.imagebuilder.kernel.ModulesDep;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Lays the prepared contents out as the ramdisk's tree: pure computation over its input (it
 * reads host files to hash them, writes nothing), so it is tested on fixture inputs.
 */
public final class RamdiskPlanner {

    public BuildPlan plan(RamdiskContents contents) {
        PlanBuilder plan = new PlanBuilder();
        baseSystem(plan);
        plan.tree(ImageLayout.FERRUM, contents.javaRoot().resolve(ImageLayout.FERRUM));
        plan.directory(ImageLayout.PLUGINS, 0755);
        plan.text("init", contents.initScript(), 0755);
        plan.text(ImageLayout.UDHCPC_HOOK, contents.udhcpcHook(), 0755);
        plan.text(ImageLayout.LAUNCHER, contents.launcher(), 0755);
        busybox(plan, contents);
        libraries(plan, contents.libraries());
        contents.hostBinaries().forEach((path, file) -> plan.file(path, file, 0755));
        modules(plan, contents.kernelVersion(), contents.modules());
        return plan.build(contents.mtime());
    }

    /** The directories, device node and files a minimal glibc system with a JVM expects. */
    private static void baseSystem(PlanBuilder plan) {
        for (String dir : List.of("proc", "sys", "dev", "run", "etc", "var", "bin", "sbin", "usr/bin", "usr/sbin")) {
            plan.directory(dir, 0755);
        }
        plan.directory("root", 0700);
        plan.directory("tmp", 01777);
        plan.symlink("var/tmp", "/tmp");
        plan.symlink("var/run", "/run");
        // The kernel opens /dev/console for /init before devtmpfs is mounted.
        plan.charDevice("dev/console", 0600, 5, 1);
        plan.text("etc/passwd", "root:x:0:0:root:/root:/bin/sh\n", 0644);
        plan.text("etc/group", "root:x:0:\n", 0644);
        plan.text("etc/hosts", "127.0.0.1\tlocalhost\n::1\tlocalhost\n", 0644);
        plan.text("etc/nsswitch.conf", "passwd: files\ngroup: files\nhosts: files dns\n", 0644);
    }

    private static void busybox(PlanBuilder plan, RamdiskContents contents) {
        plan.file(ImageLayout.BUSYBOX, contents.busybox(), 0755);
        String target = ImageLayout.absolute(ImageLayout.BUSYBOX);
        for (String applet : contents.busyboxApplets()) {
            String path = applet.startsWith("/") ? applet.substring(1) : applet;
            // linuxrc would be a second init; /init is ours.
            if (!path.contains("/") || plan.contains(path)) {
                continue;
            }
            plan.symlink(path, target);
        }
    }

    private static void libraries(PlanBuilder plan, NativeLibraries libraries) {
        for (NativeLibraries.SharedLibrary library : libraries.libraries()) {
            plan.file(ImageLayout.LIBRARIES + "/" + library.name(), library.hostFile(), 0755);
        }
        libraries.interpreter().ifPresent(interpreter -> {
            String name = interpreter.path().substring(interpreter.path().lastIndexOf('/') + 1);
            String inLibraries = ImageLayout.LIBRARIES + "/" + name;
            if (!plan.contains(inLibraries)) {
                plan.file(inLibraries, interpreter.hostFile(), 0755);
            }
            String requested = interpreter.path().substring(1);
            if (!requested.equals(inLibraries)) {
                plan.symlink(requested, ImageLayout.absolute(inLibraries));
            }
        });
    }

    private static void modules(PlanBuilder plan, Optional<String> kernelVersion, List<KernelModule> modules) {
        StringBuilder load = new StringBuilder("# Kernel modules in load order, written by ferrum-image-builder.\n");
        if (kernelVersion.isEmpty()) {
            // A rootfs-only build: no modules, but /init still reads the (empty) list.
            plan.text(ImageLayout.MODULES_LOAD, load.toString(), 0644);
            return;
        }
        String root = ImageLayout.modules(kernelVersion.get());
        plan.directory(root, 0755);
        Map<String, String> pathsByName = new TreeMap<>();
        for (KernelModule module : modules) {
            plan.file(root + "/" + module.relativePath(), module.file(), 0644);
            pathsByName.put(module.name(), module.relativePath());
        }
        // Device drivers are left to /init's coldplug, which modprobes present devices' modaliases through modules.alias.
        for (KernelModule module : ModuleAliases.loadedAtBoot(modules)) {
            load.append(ImageLayout.absolute(root + "/" + module.relativePath())).append('\n');
        }
        // modules.dep and modules.alias for the included modules: /init's coldplug and the debug shell use busybox modprobe.
        Map<String, List<String>> dep = new LinkedHashMap<>();
        for (KernelModule module : modules) {
            List<String> closure = new ArrayList<>();
            collect(module, modules, closure);
            dep.put(module.relativePath(), closure.reversed().stream().map(pathsByName::get).toList());
        }
        plan.text(root + "/modules.dep", ModulesDep.render(dep), 0644);
        plan.text(root + "/modules.alias", ModuleAliases.render(modules), 0644);
        plan.text(ImageLayout.MODULES_LOAD, load.toString(), 0644);
    }

    /** The transitive dependencies of {@code module}, each after its own dependencies. */
    private static void collect(KernelModule module, List<KernelModule> all, List<String> out) {
        for (String dependency : module.depends()) {
            all.stream().filter(m -> m.name().equals(dependency)).findFirst().ifPresent(dep -> {
                if (!out.contains(dep.name())) {
                    collect(dep, all, out);
                    out.add(dep.name());
                }
            });
        }
    }
}
