package dev.ferrum.imagebuilder.kernel;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.debian.DebianPackage;
import dev.ferrum.imagebuilder.debian.DebianPackages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Turns a {@link KernelSource} into a {@link Kernel}, fetching and unpacking Debian packages as needed. */
public final class KernelProvider {
    private final DebianPackages packages;

    public KernelProvider(DebianPackages packages) {
        this.packages = packages;
    }

    public Kernel provide(KernelSource source) {
        return switch (source) {
            case KernelSource.Files files -> fromFiles(files);
            case KernelSource.DebianPackage debian -> fromDebian(debian);
            case KernelSource.RootfsOnly rootfsOnly -> throw new IllegalArgumentException(
                    "a rootfs-only build has no kernel to provide; the builder checks for it first");
        };
    }

    private static Kernel fromFiles(KernelSource.Files files) {
        if (!Files.isRegularFile(files.image())) {
            throw new ImageBuildException("kernel image " + files.image() + " does not exist; pass a bzImage with --kernel");
        }
        if (!Files.isDirectory(files.modulesDirectory())) {
            throw new ImageBuildException("module directory " + files.modulesDirectory()
                    + " does not exist; pass the kernel's lib/modules/<version> with --modules");
        }
        return new Kernel(files.image(), files.modulesDirectory(), files.modulesDirectory().getFileName().toString(), "files");
    }

    private Kernel fromDebian(KernelSource.DebianPackage request) {
        DebianPackage described = packages.describe(request.name(), request.version());
        // A meta package (linux-image-amd64) pins the real image package; use that one.
        Optional<DebianPackage.Dependency> image = described.depends().stream()
                .filter(d -> d.name().startsWith("linux-image-"))
                .findFirst();
        DebianPackage imagePackage = image.isPresent()
                ? packages.describe(image.get().name(), image.get().exactVersion())
                : described;
        Path root = packages.extract(imagePackage);
        Path modules = single(root.resolve("lib/modules"), imagePackage);
        Path vmlinuz = root.resolve("boot/vmlinuz-" + modules.getFileName());
        if (!Files.isRegularFile(vmlinuz)) {
            throw new ImageBuildException(imagePackage.name() + " has no boot/vmlinuz-" + modules.getFileName()
                    + "; is it a kernel image package?");
        }
        return new Kernel(vmlinuz, modules, modules.getFileName().toString(), imagePackage.name() + " " + imagePackage.version());
    }

    private static Path single(Path directory, DebianPackage pkg) {
        try (Stream<Path> list = Files.list(directory)) {
            List<Path> versions = list.filter(Files::isDirectory).sorted().toList();
            if (versions.size() != 1) {
                throw new ImageBuildException(pkg.name() + " holds " + versions.size() + " module directories under "
                        + directory + "; pass the kernel as files with --kernel and --modules");
            }
            return versions.getFirst();
        } catch (IOException e) {
            throw new ImageBuildException(pkg.name() + " has no lib/modules directory (" + e.getMessage()
                    + "); is it a kernel image package?", e);
        }
    }
}
