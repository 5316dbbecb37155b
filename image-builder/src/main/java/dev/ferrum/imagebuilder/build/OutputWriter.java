package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.archive.Compressor;
import dev.ferrum.imagebuilder.archive.CpioWriter;
import dev.ferrum.imagebuilder.archive.TarWriter;
import dev.ferrum.imagebuilder.busybox.Busybox;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.elf.NativeLibraries;
import dev.ferrum.imagebuilder.java.ClassCache;
import dev.ferrum.imagebuilder.kernel.Kernel;
import dev.ferrum.imagebuilder.kernel.KernelModule;
import dev.ferrum.imagebuilder.kernel.ModuleSelection;
import dev.ferrum.imagebuilder.kernel.VmlinuxExtractor;
import dev.ferrum.imagebuilder.manifest.Manifest;
import dev.ferrum.imagebuilder.manifest.ManifestJson;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import dev.ferrum.imagebuilder.rootfs.ImageLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes a planned ramdisk's outputs (vmlinuz, initramfs, optional vmlinux and rootfs.tar) and
 * the manifest describing them. Output files get the build's mtime too, so a directory listing
 * of two equal builds is equal as well.
 */
final class OutputWriter {
    /** The size goal for kernel plus initramfs: both must fit a PXE boot comfortably. */
    static final long BOOT_BYTES_GOAL = 90L * 1000 * 1000;
    private final CommandRunner runner;

    /** What the earlier phases learned, for the manifest. */
    record Facts(Optional<Kernel> kernel, ModuleSelection modules, Busybox busybox, StagedJava java, NativeLibraries libraries,
            List<String> agentCommand, List<String> warnings) {
    }

    OutputWriter(CommandRunner runner) {
        this.runner = runner;
    }

    BuildResult write(BuildConfig config, BuildPlan plan, Path work, Facts facts) {
        OutputSettings output = config.output();
        Path out = output.directory();
        try {
            Files.createDirectories(out);
            List<Manifest.FileRecord> outputs = new ArrayList<>();
            Optional<Manifest.InitramfsInfo> initramfs = Optional.empty();
            if (facts.kernel().isPresent()) {
                Kernel kernel = facts.kernel().get();
                Files.copy(kernel.image(), out.resolve("vmlinuz"), StandardCopyOption.REPLACE_EXISTING);
                outputs.add(record(out, "vmlinuz"));
                Path cpio = work.resolve("initramfs.cpio");
                new CpioWriter().write(plan, cpio);
                Compressor compressor = new Compressor(runner, output.zstdLevel());
                compressor.compress(cpio, out.resolve("initramfs"), output.compression());
                outputs.add(record(out, "initramfs"));
                Compression compression = output.compression();
                initramfs = Optional.of(new Manifest.InitramfsInfo(compression.name().toLowerCase(),
                        compressor.version(compression), plan.entries().size(), Files.size(cpio), plan.contentBytes()));
            } else {
                // Rootfs only: outputs of an earlier full build in this directory would not match this manifest.
                Files.deleteIfExists(out.resolve("vmlinuz"));
                Files.deleteIfExists(out.resolve("initramfs"));
            }
            long bootBytes = outputs.stream().mapToLong(Manifest.FileRecord::size).sum();
            if (output.vmlinux() && facts.kernel().isPresent()) {
                new VmlinuxExtractor(runner).extract(facts.kernel().get().image(), out.resolve("vmlinux"));
                outputs.add(record(out, "vmlinux"));
            } else {
                Files.deleteIfExists(out.resolve("vmlinux"));
            }
            if (output.rootfsTar()) {
                new TarWriter().write(plan, out.resolve("rootfs.tar"));
                outputs.add(record(out, "rootfs.tar"));
            } else {
                Files.deleteIfExists(out.resolve("rootfs.tar"));
            }
            List<String> warnings = new ArrayList<>(facts.warnings());
            if (bootBytes > BOOT_BYTES_GOAL) {
                warnings.add("vmlinuz + initramfs is " + bootBytes + " bytes, over the " + BOOT_BYTES_GOAL + " byte goal");
            }
            Manifest manifest = manifest(config, plan, facts, outputs, bootBytes, initramfs, warnings);
            Files.writeString(out.resolve("manifest.json"), ManifestJson.render(manifest));
            for (String name : List.of("vmlinuz", "initramfs", "vmlinux", "rootfs.tar", "manifest.json")) {
                if (Files.exists(out.resolve(name))) {
                    Files.setLastModifiedTime(out.resolve(name), FileTime.from(config.mtime()));
                }
            }
            return new BuildResult(plan, manifest, out);
        } catch (IOException e) {
            throw new ImageBuildException("cannot write the outputs to " + out + ": " + e.getMessage(), e);
        }
    }

    private static Manifest manifest(BuildConfig config, BuildPlan plan, Facts facts, List<Manifest.FileRecord> outputs,
            long bootBytes, Optional<Manifest.InitramfsInfo> initramfs, List<String> warnings) {
        Optional<Manifest.KernelInfo> kernel = facts.kernel().map(k -> new Manifest.KernelInfo(k.version(), k.origin(),
                facts.modules().loadOrder().stream().map(KernelModule::name).toList(), facts.modules().builtIn(),
                facts.modules().missing()));
        Optional<ClassCache> cache = facts.java().classCache();
        Manifest.JavaInfo java = new Manifest.JavaInfo(facts.java().jdkDescription(), facts.java().jdepsModules(),
                facts.java().linkedModules(), config.java().jlink().compress(), config.java().jlink().excludeFiles(),
                cache.map(c -> c.mode().name().toLowerCase()).orElse("none"), cache.map(ClassCache::imagePath).orElse(""),
                cache.map(ClassCache::reproducible).orElse(true), facts.agentCommand());
        List<String> unresolved = facts.libraries().unresolved().stream()
                .map(u -> u.name() + " (needed by " + String.join(", ", u.neededBy()) + ")").toList();
        return new Manifest(config.mtime(), outputs, bootBytes, initramfs, kernel, java,
                files(plan, ImageLayout.AGENT + "/"), files(plan, ImageLayout.PLUGINS + "/"),
                files(plan, ImageLayout.LIBRARIES + "/"), unresolved, facts.busybox().version(), warnings);
    }

    private static List<Manifest.FileRecord> files(BuildPlan plan, String prefix) {
        return plan.files().stream()
                .filter(f -> f.path().startsWith(prefix))
                .map(f -> new Manifest.FileRecord(f.path(), f.size(), f.sha256()))
                .toList();
    }

    private static Manifest.FileRecord record(Path directory, String name) {
        PlanBuilder.Digest digest = PlanBuilder.digest(directory.resolve(name));
        return new Manifest.FileRecord(name, digest.size(), digest.sha256());
    }
}
