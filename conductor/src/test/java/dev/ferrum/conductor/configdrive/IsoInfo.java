package dev.ferrum.conductor.configdrive;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * genisoimage's {@code isoinfo} (Debian package genisoimage), the reader independent of the writer
 * under test: volume descriptors, and files by their Rock Ridge or Joliet names. A test without it
 * is skipped, saying so, except on CI (CI=true), where it fails because .ci/run installs it.
 */
public final class IsoInfo {
    private final Path tool;
    private final Path image;

    private IsoInfo(Path tool, Path image) {
        this.tool = tool;
        this.image = image;
    }

    public static IsoInfo of(Path image) {
        Optional<Path> found = find("isoinfo");
        if (found.isEmpty() && "true".equals(System.getenv("CI"))) {
            fail("isoinfo is required on CI (apt-get install genisoimage) to read back the config drive ISO");
        }
        Assumptions.assumeTrue(found.isPresent(),
                "isoinfo not installed (apt-get install genisoimage): config drive read-back test skipped");
        return new IsoInfo(found.get(), image);
    }

    /** {@code isoinfo -d}: the primary volume descriptor, one "Key: value" per line. */
    public String descriptor() {
        return text(List.of("-d"));
    }

    /**
     * {@code isoinfo -f} with Rock Ridge ({@code -R}) or Joliet ({@code -J}) names: every path in the
     * image, as Linux shows them once mounted (its isofs drops a Joliet name's {@code ;1} version and
     * trailing dot).
     */
    public List<String> paths(String extension) {
        return rawPaths(extension).stream().map(IsoInfo::mounted).toList();
    }

    /** A file's bytes, found by its Rock Ridge ({@code -R}) or Joliet ({@code -J}) path as Linux shows it. */
    public byte[] extract(String extension, String path) {
        String raw = rawPaths(extension).stream().filter(p -> mounted(p).equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError(path + " is not in the image (" + extension + ")"));
        return run(List.of(extension, "-x", raw));
    }

    private List<String> rawPaths(String extension) {
        return text(List.of(extension, "-f")).lines().toList();
    }

    private static String mounted(String path) {
        String name = path.endsWith(";1") ? path.substring(0, path.length() - 2) : path;
        return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    }

    private String text(List<String> args) {
        return new String(run(args), StandardCharsets.UTF_8);
    }

    private byte[] run(List<String> args) {
        List<String> command = new ArrayList<>(List.of(tool.toString(), "-i", image.toString()));
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new AssertionError("isoinfo " + args + " failed");
            }
            return out;
        } catch (IOException e) {
            throw new AssertionError("running isoinfo", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running isoinfo", e);
        }
    }

    public static Optional<Path> find(String name) {
        for (String dir : List.of("/usr/bin", "/usr/sbin", "/bin", "/sbin", "/usr/local/bin")) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
