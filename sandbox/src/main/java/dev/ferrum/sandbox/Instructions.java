package dev.ferrum.sandbox;

import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.SampleDeployment;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/** What the sandbox prints once provisioning is over: the outcome and how to talk to the API. */
final class Instructions {
    private Instructions() {
    }

    static String text(URI api, List<FleetProvisioner.Outcome> outcomes, Path dataDir, boolean dataKept,
            SampleDeployment image) {
        long active = outcomes.stream().filter(FleetProvisioner.Outcome::succeeded).count();
        String first = outcomes.isEmpty() ? "sandbox-1" : outcomes.getFirst().machine();
        String header = "-H 'X-OpenStack-Ironic-API-Version: latest'";
        StringBuilder text = new StringBuilder();
        text.append('\n').append(active).append(" of ").append(outcomes.size()).append(" machines deployed (active).\n");
        for (FleetProvisioner.Outcome outcome : outcomes) {
            if (!outcome.succeeded()) {
                text.append("  ").append(outcome.machine()).append(" failed in '")
                        .append(outcome.progress().provisionState()).append("': ")
                        .append(outcome.progress().lastError().orElse("(no last_error)")).append('\n');
            }
        }
        text.append('\n')
                .append("Ironic API (no authentication): ").append(api).append('\n')
                .append("Web console (open it in a browser): ").append(consoleUrl(api)).append('\n')
                .append("Data and log: ").append(dataDir).append(" (sandbox.log)")
                .append(dataKept ? ", kept on exit" : ", deleted on exit (--keep keeps it)").append("\n\n")
                .append("With curl:\n")
                .append("  curl -s ").append(header).append(' ').append(api).append("/v1/nodes | python3 -m json.tool\n")
                .append("  curl -s ").append(header).append(' ').append(api).append("/v1/nodes/").append(first)
                .append(" | python3 -m json.tool\n")
                .append("  curl -s ").append(header).append(' ').append(api).append("/v1/ports/detail | python3 -m json.tool\n\n")
                .append("With the baremetal CLI (Debian: apt install python3-ironicclient):\n")
                .append("  export OS_ENDPOINT=").append(api).append(" OS_AUTH_TYPE=none\n")
                .append("  baremetal node list\n")
                .append("  baremetal node show ").append(first).append('\n')
                .append("  baremetal node history list ").append(first).append('\n')
                .append("  baremetal port list\n\n")
                .append("Take a machine round again (clean, then deploy the sample image anew):\n")
                .append("  baremetal node undeploy ").append(first).append(" --wait 300\n")
                .append("  baremetal node set ").append(first)
                .append(" --instance-info image_source=").append(image.imageUrl())
                .append(" --instance-info image_os_hash_algo=sha256 --instance-info image_os_hash_value=")
                .append(image.sha256()).append(" --instance-info image_disk_format=").append(image.diskFormat()).append('\n')
                .append("  baremetal node deploy ").append(first).append(" --wait 300\n");
        return text.toString();
    }

    /** The console the conductor serves beside the API (printed, never opened: the sandbox may run headless). */
    static String consoleUrl(URI api) {
        return api + "/console/";
    }
}
