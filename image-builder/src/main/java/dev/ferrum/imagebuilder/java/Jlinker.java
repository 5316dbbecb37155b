package dev.ferrum.imagebuilder.java;

import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Links a trimmed runtime with jlink (from the JDK's runtime image; JDK 25 ships no jmods and needs
 * none), then strips the shared libraries. Both steps are deterministic: two links of the same
 * modules from the same JDK are byte-identical.
 */
public final class Jlinker {
    private final CommandRunner runner;
    private final JavaToolchain jdk;

    public Jlinker(CommandRunner runner, JavaToolchain jdk) {
        this.runner = runner;
        this.jdk = jdk;
    }

    /**
     * The modules to link: jdeps' list less the unused ones (pass jdeps' full list, {@link ModuleDeps#direct}: its
     * minimal one leaves out what an unused module implies, e.g. java.logging through java.sql), the extra ones
     * asked for, and {@code jdk.crypto.ec} on JDKs
     * before 22. There the SunEC provider (ECDHE key exchange, ECDSA certificates) lives in its
     * own module, which jdeps cannot see because JSSE finds providers by name at run time; without
     * it the agent cannot talk TLS to most API endpoints. From JDK 22 on SunEC is in java.base and
     * jdk.crypto.ec is empty. jdk.crypto.cryptoki (PKCS#11 tokens) is never needed by the agent.
     */
    public List<String> modules(List<String> fromJdeps, JlinkOptions options) {
        TreeSet<String> modules = new TreeSet<>(fromJdeps);
        modules.removeAll(options.unusedModules());
        modules.addAll(options.extraModules());
        if (jdk.majorVersion() < 22) {
            modules.add("jdk.crypto.ec");
        }
        return List.copyOf(modules);
    }

    /** Links {@code modules} into {@code output} (which must not exist) and strips its .so files. */
    public void link(List<String> modules, JlinkOptions options, Path output) {
        List<String> argv = new ArrayList<>(List.of(jdk.tool("jlink").toString(),
                "--add-modules", String.join(",", modules),
                "--strip-debug", "--no-header-files", "--no-man-pages",
                "--compress", options.compress()));
        if (!options.excludeFiles().isEmpty()) {
            argv.add("--exclude-files=" + String.join(",", options.excludeFiles()));
        }
        argv.addAll(List.of("--output", output.toString()));
        Command jlink = Command.of(argv);
        runner.run(jlink).requireSuccess(jlink, "Check the module names and that the JDK is complete (--jdk).");
        strip(output);
    }

    /** {@code strip --strip-unneeded} on every .so: libjvm.so alone loses several MB of symbols. */
    void strip(Path runtime) {
        List<String> libraries;
        try (Stream<Path> walk = Files.walk(runtime)) {
            libraries = walk.filter(p -> p.getFileName().toString().endsWith(".so") && Files.isRegularFile(p))
                    .map(Path::toString).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + runtime, e);
        }
        if (libraries.isEmpty()) {
            return;
        }
        List<String> argv = new ArrayList<>(List.of("strip", "--strip-unneeded"));
        argv.addAll(libraries);
        Command strip = Command.of(argv);
        runner.run(strip).requireSuccess(strip, "Install binutils (apt-get install binutils) for strip.");
    }
}
