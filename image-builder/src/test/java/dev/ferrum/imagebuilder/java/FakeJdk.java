package dev.ferrum.imagebuilder.java;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A directory that looks like a JDK to {@link JavaToolchain}: a release file and executable tools. */
public final class FakeJdk {
    private FakeJdk() {
    }

    public static Path write(Path home, String version) {
        try {
            Files.createDirectories(home.resolve("bin"));
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version
                    + "\"\nJAVA_RUNTIME_VERSION=\"" + version + "+1\"\n");
            for (String tool : new String[] {"java", "jdeps", "jlink"}) {
                Path file = Files.writeString(home.resolve("bin").resolve(tool), "#!/bin/false\n");
                file.toFile().setExecutable(true);
            }
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
