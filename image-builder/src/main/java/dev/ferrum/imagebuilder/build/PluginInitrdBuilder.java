package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.archive.Compressor;
import dev.ferrum.imagebuilder.archive.CpioWriter;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import dev.ferrum.imagebuilder.rootfs.ImageLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Packs vendor plugin jars into a second initrd holding only {@code opt/ferrum/plugins/<jar>}.
 * A boot loader that loads it after the agent's initramfs (iPXE: a second {@code initrd} line)
 * makes the kernel unpack it over the same root, so the agent finds the jars without the ramdisk
 * being rebuilt. Reproducible like the ramdisk itself.
 */
public final class PluginInitrdBuilder {
    private final Compressor compressor;

    public PluginInitrdBuilder(Compressor compressor) {
        this.compressor = compressor;
    }

    public BuildPlan plan(List<Path> jars, Instant mtime) {
        if (jars.isEmpty()) {
            throw new ImageBuildException("no plugin jars given; name at least one jar");
        }
        PlanBuilder plan = new PlanBuilder().directory(ImageLayout.PLUGINS, 0755);
        Set<String> names = new HashSet<>();
        for (Path jar : jars) {
            String name = jar.getFileName().toString();
            if (!name.endsWith(".jar")) {
                throw new ImageBuildException(jar + " is not a .jar; plugins are jar files");
            }
            if (!names.add(name)) {
                throw new ImageBuildException("two plugin jars are named " + name + "; rename one");
            }
            plan.file(ImageLayout.PLUGINS + "/" + name, jar, 0644);
        }
        return plan.build(mtime);
    }

    /** Writes the initrd to {@code output} and returns its plan. */
    public BuildPlan build(List<Path> jars, Path output, Compression compression, Instant mtime) {
        BuildPlan plan = plan(jars, mtime);
        try {
            Path parent = output.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path cpio = Files.createTempFile(parent, ".plugins-", ".cpio");
            try {
                new CpioWriter().write(plan, cpio);
                compressor.compress(cpio, output, compression);
            } finally {
                Files.deleteIfExists(cpio);
            }
            Files.setLastModifiedTime(output, FileTime.from(mtime));
            return plan;
        } catch (IOException e) {
            throw new ImageBuildException("cannot write " + output + ": " + e.getMessage(), e);
        }
    }
}
