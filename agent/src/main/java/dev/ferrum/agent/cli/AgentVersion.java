package dev.ferrum.agent.cli;

import picocli.CommandLine;

/** The agent's version from its jar manifest ("development" when run from classes). */
public final class AgentVersion implements CommandLine.IVersionProvider {

    /** The version string the agent reports to conductors. */
    public static String current() {
        String version = AgentVersion.class.getPackage().getImplementationVersion();
        return version == null ? "development" : version;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"ferrum-agent " + current()};
    }
}
