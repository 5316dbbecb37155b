package dev.ferrum.imagebuilder.debian;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.plan.PlanBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Fetches Debian packages with {@code apt-get download} into a cache directory and unpacks them
 * with {@code dpkg-deb -x}; both steps are skipped when the cache already holds a verified copy,
 * so rebuilds work offline and see the same bytes.
 */
public final class DebianPackages {
    private final CommandRunner runner;
    private final Path cacheDirectory;

    public DebianPackages(CommandRunner runner, Path cacheDirectory) {
        this.runner = runner;
        this.cacheDirectory = cacheDirectory;
    }

    /** What {@code apt-cache show} says about the candidate (or the pinned {@code version}). */
    public DebianPackage describe(String name, Optional<String> version) {
        Command command = Command.of("apt-cache", "show", "--no-all-versions", name + version.map(v -> "=" + v).orElse(""));
        String stanza = runner.run(command).requireSuccess(command,
                "Run `apt-get update`, check the package name, or pass the kernel as files (--kernel, --modules).").stdout();
        return DebianPackage.parse(stanza);
    }

    /** The package archive in the cache, downloaded when absent or not matching its sha256. */
    public Path download(DebianPackage pkg) {
        Path debs = directory(cacheDirectory.resolve("debs"));
        Path file = debs.resolve(pkg.fileName());
        if (Files.isRegularFile(file) && matches(file, pkg)) {
            return file;
        }
        Command command = Command.of("apt-get", "download", pkg.name() + "=" + pkg.version()).in(debs);
        runner.run(command).requireSuccess(command, "Check that a Debian mirror is reachable (apt-get update).");
        if (!Files.isRegularFile(file)) {
            throw new ImageBuildException("apt-get download did not produce " + file + "; check the package name and version");
        }
        if (!matches(file, pkg)) {
            throw new ImageBuildException(file + " does not match the sha256 apt-cache lists (" + pkg.sha256()
                    + "); delete it and run apt-get update");
        }
        return file;
    }

    /** The package unpacked into the cache ({@code extracted/<name>_<version>}), unpacking it once. */
    public Path extract(DebianPackage pkg) {
        Path deb = download(pkg);
        Path extracted = directory(cacheDirectory.resolve("extracted")).resolve(pkg.name() + "_" + pkg.version().replace(":", "%3a"));
        Path marker = extracted.resolve(".ferrum-complete");
        if (Files.isRegularFile(marker)) {
            return extracted;
        }
        try {
            deleteTree(extracted);
            Path partial = Files.createTempDirectory(extracted.getParent(), ".partial-");
            Command command = Command.of("dpkg-deb", "-x", deb.toString(), partial.toString());
            runner.run(command).requireSuccess(command, "Install dpkg (dpkg-deb) or pass the files directly.");
            Files.move(partial, extracted);
            Files.writeString(marker, pkg.sha256() + "\n");
            return extracted;
        } catch (IOException e) {
            throw new ImageBuildException("cannot unpack " + deb + " into " + extracted + ": " + e.getMessage(), e);
        }
    }

    private static boolean matches(Path file, DebianPackage pkg) {
        return pkg.sha256().isEmpty() || PlanBuilder.digest(file).sha256().equalsIgnoreCase(pkg.sha256());
    }

    private static Path directory(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new ImageBuildException("cannot create cache directory " + path + ": " + e.getMessage()
                    + "; pass a writable --cache-dir", e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            for (Path path : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
