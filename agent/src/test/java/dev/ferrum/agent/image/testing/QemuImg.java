package dev.ferrum.agent.image.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs {@code qemu-img} when it is installed (Debian package qemu-utils); tests skip, saying so, when it is not. */
public final class QemuImg {
    private final Path binary;

    private QemuImg(Path binary) {
        this.binary = binary;
    }

    /** The qemu-img on PATH, if any. */
    public static Optional<QemuImg> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir, "qemu-img");
            if (Files.isExecutable(p)) {
                return Optional.of(new QemuImg(p));
            }
        }
        return Optional.empty();
    }

    /** Runs {@code qemu-img args...}, failing with its output when it exits non-zero; returns stdout+stderr. */
    public String run(String... args) {
        List<String> command = new ArrayList<>();
        command.add(binary.toString());
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("qemu-img " + String.join(" ", args) + " failed: "
                        + new String(out, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run qemu-img", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running qemu-img", e);
        }
    }
}
