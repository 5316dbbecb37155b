package dev.ferrum.sandbox.machine;

import dev.ferrum.agent.config.AgentConfig;
import dev.ferrum.agent.config.AgentConfigParser;
import dev.ferrum.agent.config.ConfigException;
import dev.ferrum.agent.config.KernelCommandLine;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * The sandbox's network boot, standing in for PXE firmware plus iPXE: fetch the machine's boot
 * script from the conductor's boot file server ({@code <boot>/<mac>.ipxe}), and when it boots the
 * agent ramdisk, start Ferrum's agent in-process with that script's kernel command line; when it
 * hands over to the local disk, the deployed system "runs". The kernel and ramdisk files the
 * script names are not fetched: the in-process agent stands in for them.
 */
public final class AgentFirmware implements NetworkBootFirmware, AutoCloseable {
    /** Each agent listens on its own free loopback port and tells the conductor that address. */
    private static final Map<String, String> LOOPBACK_AGENT = Map.of("ipa-listen-host", "127.0.0.1",
            "ipa-listen-port", "0", "ipa-advertise-host", "127.0.0.1",
            // "logs" would run log-collecting programs; a simulated machine has none.
            "ipa-inspection-collectors", "default");

    private final URI bootScripts;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** @param bootScripts the conductor's boot file server, e.g. {@code http://127.0.0.1:6385/boot/} */
    public AgentFirmware(URI bootScripts) {
        this.bootScripts = bootScripts.toString().endsWith("/") ? bootScripts : URI.create(bootScripts + "/");
    }

    @Override
    public BootedSystem networkBoot(SimulatedMachine machine) {
        String mac = machine.identity().mac();
        String script;
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(bootScripts.resolve(mac.replace(':', '-') + ".ipxe"))
                    .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return BootedSystem.nothing("the boot server answered HTTP " + response.statusCode() + " for " + mac);
            }
            script = response.body();
        } catch (IOException e) {
            return BootedSystem.nothing("the boot server is unreachable: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return BootedSystem.nothing("interrupted while fetching the boot script");
        }
        IpxeBootScript boot = IpxeBootScript.parse(script, mac);
        if (boot.kernelCommandLine().isPresent()) {
            String cmdline = boot.kernelCommandLine().get();
            AgentConfig config;
            try {
                config = AgentConfigParser.parse(KernelCommandLine.parse(cmdline), LOOPBACK_AGENT);
            } catch (ConfigException e) {
                return BootedSystem.nothing("the agent ramdisk stopped at start-up: " + e.getMessage());
            }
            InProcessAgent agent = InProcessAgent.start(machine, config);
            String purpose = config.inspectionCallbackUrl().isPresent() ? "inspection" : "deploy/clean";
            return new BootedSystem(BootedSystem.Activity.AGENT_RAMDISK, "agent ramdisk (" + purpose + ")", agent);
        }
        if (boot.bootsLocalDisk()) {
            return BootedSystem.localDisk("the boot server handed over to the local disk");
        }
        return BootedSystem.nothing("the boot script boots neither the agent nor the disk");
    }

    @Override
    public void close() {
        http.close();
    }
}
