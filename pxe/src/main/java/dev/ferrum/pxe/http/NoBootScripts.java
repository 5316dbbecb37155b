package dev.ferrum.pxe.http;

import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.util.Optional;

/** The no-op {@link BootScriptSource}: nothing is known, nothing is discovered. */
enum NoBootScripts implements BootScriptSource {
    INSTANCE;

    @Override
    public Optional<BootScript> scriptFor(MacAddress mac) {
        return Optional.empty();
    }

    @Override
    public Optional<BootScript.AgentBoot> discovery() {
        return Optional.empty();
    }
}
