package dev.ferrum.integration.container;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Image;
import dev.ferrum.imagebuilder.Main;
import dev.ferrum.imagebuilder.build.RamdiskBuilder;
import dev.ferrum.imagebuilder.cli.Environment;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The agent's container image: the image builder's rootfs ({@code --rootfs-only}: the real agent
 * jar and libraries, the jlinked runtime, busybox, the C libraries) loaded with {@code docker
 * import}. Tagged by a digest of everything the build reads, so a rerun with the same inputs finds
 * the image and skips the build (~30 s) and the import.
 *
 * <p>The import runs the {@code docker} CLI, as the README's manual steps do: it sets the entry
 * point ({@code --change}, which the engine API's import through docker-java cannot), and it
 * streams the 120 MB tarball reliably where docker-java's zero-dependency transport cut it short.
 */
public final class AgentRootfsImage {
    public static final String REPOSITORY = "ferrum-agent-rootfs";
    /** What /init runs after the Java launcher: the builder's default agent command and the plugin directory. */
    public static final List<String> ENTRYPOINT = List.of("/usr/bin/ferrum-agent", "run", "--plugins", "/opt/ferrum/plugins");
    private static final Path BUSYBOX = Path.of("/bin/busybox");
    private static final Path LIBC = Path.of("/lib/x86_64-linux-gnu/libc.so.6");

    private AgentRootfsImage() {
    }

    /**
     * The image name ({@code repository:tag}) for the agent packaged in {@code agentDirectory}
     * (the jar beside {@code lib/}), building and importing it when the engine lacks it.
     * Older tags of the repository are removed: only the current one is worth keeping.
     */
    public static String ensure(DockerClient docker, String dockerHost, Path agentDirectory, Path scratch) {
        String tag = inputDigest(agentDirectory).substring(0, 24);
        String name = REPOSITORY + ":" + tag;
        List<Image> ours = docker.listImagesCmd().withImageNameFilter(REPOSITORY).exec();
        boolean present = ours.stream().anyMatch(image -> tags(image).contains(name));
        if (!present) {
            dockerImport(dockerHost, build(agentDirectory, scratch), name, scratch);
        }
        for (Image image : ours) {
            for (String old : tags(image)) {
                if (!old.equals(name) && old.startsWith(REPOSITORY + ":")) {
                    docker.removeImageCmd(old).withForce(true).exec();
                }
            }
        }
        return name;
    }

    /** {@code docker import --change 'ENTRYPOINT [...]' rootfs.tar name}. */
    private static void dockerImport(String dockerHost, Path rootfs, String name, Path scratch) {
        String entrypoint = ENTRYPOINT.stream().map(word -> '"' + word + '"').collect(Collectors.joining(", ", "[", "]"));
        Path log = scratch.resolve("docker-import.log");
        try {
            ProcessBuilder builder = new ProcessBuilder("docker", "import", "--change", "ENTRYPOINT " + entrypoint,
                    rootfs.toString(), name).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("DOCKER_HOST", dockerHost);
            Process process = builder.start();
            try {
                if (!process.waitFor(3, TimeUnit.MINUTES) || process.exitValue() != 0) {
                    throw new IllegalStateException("docker import " + rootfs + " failed:\n" + Files.readString(log));
                }
            } finally {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run docker import (is the docker CLI installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while importing " + rootfs, e);
        }
    }

    private static List<String> tags(Image image) {
        return image.getRepoTags() == null ? List.of() : Arrays.asList(image.getRepoTags());
    }

    /** Runs the image builder in this JVM, as its CLI would run. */
    private static Path build(Path agentDirectory, Path scratch) {
        Path output = scratch.resolve("rootfs");
        Environment environment = new Environment(Optional.empty(), Path.of(System.getProperty("java.home")),
                scratch.resolve("builder-cache"));
        ProcessCommandRunner runner = new ProcessCommandRunner(Arrays.stream(
                        System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(File.pathSeparator))
                .filter(p -> !p.isEmpty()).map(Path::of).toList());
        CommandLine cli = Main.commandLine(environment, runner);
        StringWriter messages = new StringWriter();
        cli.setOut(new PrintWriter(messages, true));
        cli.setErr(new PrintWriter(messages, true));
        int status = cli.execute("build", "--rootfs-only", "--agent-dir", agentDirectory.toString(), "--output", output.toString(),
                "--busybox", BUSYBOX.toString());
        if (status != 0) {
            throw new IllegalStateException("the image builder failed with status " + status + ":\n" + messages);
        }
        return output.resolve("rootfs.tar");
    }

    /**
     * SHA-256 over what shapes the rootfs: the builder's own code, the agent jar and its libraries,
     * the JDK the runtime is linked from, busybox and glibc.
     */
    static String inputDigest(Path agentDirectory) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            List<Path> inputs = new ArrayList<>(files(codeLocation()));
            inputs.addAll(files(agentDirectory.resolve("lib")));
            inputs.add(agentDirectory.resolve("ferrum-agent.jar"));
            inputs.add(Path.of(System.getProperty("java.home"), "release"));
            inputs.add(BUSYBOX);
            inputs.add(LIBC);
            for (Path input : inputs) {
                digest.update(input.toString().getBytes(StandardCharsets.UTF_8));
                digest.update(Files.readAllBytes(input));
            }
            digest.update(System.getProperty("java.home").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the rootfs inputs (is the agent packaged in " + agentDirectory + "?)", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The image builder's classes: a directory in a reactor build, a jar otherwise. */
    private static Path codeLocation() {
        try {
            return Path.of(RamdiskBuilder.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> files(Path location) throws IOException {
        if (Files.isRegularFile(location)) {
            return List.of(location);
        }
        try (Stream<Path> walk = Files.walk(location)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
