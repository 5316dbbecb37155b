package dev.ferrum.imagebuilder.java;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The JDK the runtime is linked from: its tools (jdeps, jlink) and version, read from its
 * {@code release} file. The linked runtime inherits the JDK's version and class-cache support.
 */
public record JavaToolchain(Path home) {

    public Path tool(String name) {
        Path tool = home.resolve("bin").resolve(name);
        if (!Files.isExecutable(tool)) {
            throw new ImageBuildException(tool + " is missing; pass a full JDK (21 or newer) with --jdk, not a JRE");
        }
        return tool;
    }

    /** The full version, e.g. {@code 25.0.3}. */
    public String version() {
        return releaseProperty("JAVA_VERSION");
    }

    /** The feature release, e.g. 25. */
    public int majorVersion() {
        String version = version();
        int dot = version.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
        } catch (NumberFormatException e) {
            throw new ImageBuildException("cannot read the JDK version '" + version + "' in " + home.resolve("release"), e);
        }
    }

    /** A value from {@code release}, without its quotes; the JDK's implementor line goes into the manifest. */
    public String releaseProperty(String key) {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(home.resolve("release"))) {
            properties.load(reader);
        } catch (IOException e) {
            throw new ImageBuildException(home + " has no readable release file; is it a JDK? (" + e.getMessage() + ")", e);
        }
        return properties.getProperty(key, "").replace("\"", "");
    }
}
