package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.api.ApiConfig;
import picocli.CommandLine;

/** The conductor's version from its jar manifest ("development" when run from classes) and the API it serves. */
public final class ConductorVersion implements CommandLine.IVersionProvider {

    /** The build's version. */
    public static String current() {
        String version = ConductorVersion.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"ferrum-conductor " + current() + " (Ironic API " + ApiConfig.SUPPORTED.min() + " to "
                + ApiConfig.SUPPORTED.max() + ")"};
    }
}
