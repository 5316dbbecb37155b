package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.CommandOptions.flag;
import static dev.ferrum.conductor.cli.CommandOptions.intValue;
import static dev.ferrum.conductor.cli.CommandOptions.isSet;
import static dev.ferrum.conductor.cli.CommandOptions.optional;
import static dev.ferrum.conductor.cli.CommandOptions.repeatable;
import static dev.ferrum.conductor.cli.CommandOptions.valued;

import dev.ferrum.conductor.driver.inspect.InspectorConfig;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/** The command line of {@link InspectSettings}: the remote inspector, processing hooks, rules and discovery. */
final class InspectionOptions {
    private final CommandSpec spec;

    /** Declares these options on the conductor's command. */
    InspectionOptions(CommandSpec spec) {
        this.spec = spec;
        spec.addOption(valued("--inspector-url", "URL", String.class, "The root of a remote ironic-inspector/discoverd"
                + " service, e.g. http://127.0.0.1:5050; enables inspect_interface=inspector (default: not enabled).")
                .build());
        spec.addOption(valued("--inspector-ca-file", "PATH", Path.class, "A PEM bundle of the CAs that sign an https://"
                + " inspector's certificate (default: the Java runtime's trust store).").build());
        spec.addOption(valued("--inspector-poll-interval", "SECONDS", int.class, "How often the status of"
                + " introspection at the inspector service is read (default: ${DEFAULT-VALUE}).").defaultValue("60")
                .build());
        spec.addOption(valued("--discovery-enroll-driver", "DRIVER", String.class, "Enroll a machine whose inspection"
                + " report matches no node as a new node with this driver (e.g. ipmi; its BMC address becomes"
                + " ipmi_address), as discoverd's enroll hook does (default: such reports are refused).").build());
        spec.addOption(valued("--inspection-rules-file", "PATH", Path.class, "A JSON list of built-in introspection"
                + " rules (the rules API's shape), run on every inspection before the rules created through /v1/rules"
                + " (default: none).").build());
        spec.addOption(OptionSpec.builder("--inspection-hooks").paramLabel("NAME[,NAME...]").type(List.class)
                .auxiliaryTypes(String.class).splitRegex(",").initialValue(new ArrayList<String>())
                .description("The processing hooks to run, in order (default: ramdisk_error, scheduler,"
                        + " validate_interfaces, ports, root_device, capabilities, lldp_basic, local_link_connection);"
                        + " hooks from jars on the class path are named the same way.").build());
        spec.addOption(repeatable("--inspection-hook-option", "HOOK.KEY=VALUE", String.class, "A processing hook's"
                + " setting, repeatable: pci_devices.alias=JSON-LIST, physnet.cidr_map=CIDR:PHYSNET[,...],"
                + " accelerators.known_devices=FILE; hooks from jars take theirs the same way. The hook must be enabled"
                + " (--inspection-hooks)."));
        spec.addOption(flag("--enable-setting-ipmi-credentials", "Let POST"
                + " /v1/introspection/NODE?new_ipmi_username=U&new_ipmi_password=P have the ramdisk set that BMC user"
                + " in band; the conductor verifies it before writing driver_info (default: refused)."));
        spec.addOption(valued("--inspect-wait-timeout", "SECONDS", int.class, "How long a node may wait in 'inspect"
                + " wait' before inspection fails (default: ${DEFAULT-VALUE}).").defaultValue("3600").build());
    }

    /** The settings these options give; a {@link ParameterException} names the option that is wrong. */
    InspectSettings settings() {
        Optional<String> inspectorUrl = optional(spec, "--inspector-url");
        Optional<Path> inspectorCaFile = optional(spec, "--inspector-ca-file");
        Optional<String> enrollDriver = optional(spec, "--discovery-enroll-driver");
        int inspectorPollSeconds = intValue(spec, "--inspector-poll-interval");
        int inspectWaitSeconds = intValue(spec, "--inspect-wait-timeout");
        if (inspectorCaFile.isPresent() && inspectorUrl.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--inspector-ca-file needs --inspector-url: it says whom"
                    + " to trust for an https:// inspector");
        }
        if (inspectorPollSeconds < 1) {
            throw new ParameterException(spec.commandLine(), "--inspector-poll-interval must be at least 1 second, got "
                    + inspectorPollSeconds);
        }
        if (inspectWaitSeconds < 1) {
            throw new ParameterException(spec.commandLine(), "--inspect-wait-timeout must be at least 1 second, got "
                    + inspectWaitSeconds);
        }
        Optional<InspectorConfig> inspector = inspectorUrl.map(this::inspectorConfig);
        if (enrollDriver.isPresent() && enrollDriver.get().isBlank()) {
            throw new ParameterException(spec.commandLine(), "--discovery-enroll-driver needs a driver name, e.g. ipmi");
        }
        return new InspectSettings(inspector, Duration.ofSeconds(inspectorPollSeconds),
                Duration.ofSeconds(inspectWaitSeconds), enrollDriver.map(String::strip),
                optional(spec, "--inspection-rules-file"),
                CommandOptions.<List<String>>value(spec, "--inspection-hooks").stream().map(String::strip).toList(),
                isSet(spec, "--enable-setting-ipmi-credentials"), hookOptions());
    }

    private Map<String, Map<String, String>> hookOptions() {
        Map<String, Map<String, String>> byHook = new LinkedHashMap<>();
        for (String option : CommandOptions.<List<String>>value(spec, "--inspection-hook-option")) {
            int dot = option.indexOf('.');
            int equals = option.indexOf('=');
            if (dot < 1 || equals < dot + 2) {
                throw new ParameterException(spec.commandLine(), "--inspection-hook-option takes HOOK.KEY=VALUE, e.g."
                        + " physnet.cidr_map=10.0.0.0/24:physnet_a; got \"" + option + "\"");
            }
            byHook.computeIfAbsent(option.substring(0, dot).strip(), hook -> new LinkedHashMap<>())
                    .put(option.substring(dot + 1, equals).strip(), option.substring(equals + 1));
        }
        return byHook;
    }

    private InspectorConfig inspectorConfig(String text) {
        URI service;
        try {
            service = new URI(text);
        } catch (URISyntaxException e) {
            throw new ParameterException(spec.commandLine(), "--inspector-url " + text + " is not a URL: "
                    + e.getMessage());
        }
        boolean web = "http".equals(service.getScheme()) || "https".equals(service.getScheme());
        if (!web || service.getHost() == null || service.getRawQuery() != null || service.getRawFragment() != null) {
            throw new ParameterException(spec.commandLine(), "--inspector-url must be http(s)://HOST[:PORT][/PATH]"
                    + " with no query or fragment, e.g. http://127.0.0.1:5050; got " + text);
        }
        Optional<Path> inspectorCaFile = optional(spec, "--inspector-ca-file");
        inspectorCaFile.ifPresent(pem -> {
            // Checked here so a bad file stops the start with a flag error, not a failed inspection much later.
            try {
                PemTrust.certificates(pem);
            } catch (CaFileException e) {
                throw new ParameterException(spec.commandLine(), "--inspector-ca-file: " + e.getMessage());
            }
        });
        InspectorConfig config = InspectorConfig.of(service);
        return inspectorCaFile.map(config::withCaFile).orElse(config);
    }
}
