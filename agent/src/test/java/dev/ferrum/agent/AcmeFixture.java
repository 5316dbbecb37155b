package dev.ferrum.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds fixture machine roots and finds the example plugin jar the build copied for tests. */
public final class AcmeFixture {
    private AcmeFixture() {
    }

    /** The directory holding the example vendor plugin jar, exactly as a vendor ships it. */
    public static Path pluginDir() {
        String dir = System.getProperty("ferrum.test.pluginDir");
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalStateException("ferrum.test.pluginDir is not set to the example plugin directory; "
                    + "run the tests through Maven (./mvnw verify)");
        }
        return Path.of(dir);
    }

    /** A machine root whose DMI says it is an Acme server with {@code assetTag}. */
    public static Path acmeMachine(Path root, String assetTag) throws IOException {
        Path dmi = Files.createDirectories(root.resolve("sys/class/dmi/id"));
        Files.writeString(dmi.resolve("sys_vendor"), "Acme Servers\n");
        Files.writeString(dmi.resolve("chassis_asset_tag"), assetTag + "\n");
        return root;
    }
}
