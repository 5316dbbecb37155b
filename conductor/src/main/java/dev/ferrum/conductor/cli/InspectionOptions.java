package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.driver.inspect.InspectorConfig;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The command line of {@link InspectSettings}: the remote inspector, processing hooks, rules and discovery. */
final class InspectionOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--inspector-url", paramLabel = "URL",
            description = "The root of a remote ironic-inspector/discoverd service, e.g. http://127.0.0.1:5050;"
                    + " enables inspect_interface=inspector (default: not enabled).")
    Optional<String> inspectorUrl;

    @Option(names = "--inspector-ca-file", paramLabel = "PATH",
            description = "A PEM bundle of the CAs that sign an https:// inspector's certificate (default: the Java"
                    + " runtime's trust store).")
    Optional<Path> inspectorCaFile;

    @Option(names = "--inspector-poll-interval", paramLabel = "SECONDS", defaultValue = "60",
            description = "How often the status of introspection at the inspector service is read"
                    + " (default: ${DEFAULT-VALUE}).")
    int inspectorPollSeconds;

    @Option(names = "--discovery-enroll-driver", paramLabel = "DRIVER",
            description = "Enroll a machine whose inspection report matches no node as a new node with this driver"
                    + " (e.g. ipmi; its BMC address becomes ipmi_address), as discoverd's enroll hook does"
                    + " (default: such reports are refused).")
    Optional<String> enrollDriver;

    @Option(names = "--inspection-rules-file", paramLabel = "PATH",
            description = "A JSON list of built-in introspection rules (the rules API's shape), run on every"
                    + " inspection before the rules created through /v1/rules (default: none).")
    Optional<Path> inspectionRulesFile;

    @Option(names = "--inspection-hooks", paramLabel = "NAME[,NAME...]", split = ",",
            description = "The processing hooks to run, in order (default: ramdisk_error, scheduler,"
                    + " validate_interfaces, ports, root_device, capabilities, lldp_basic, local_link_connection);"
                    + " hooks from jars on the class path are named the same way.")
    List<String> inspectionHooks = List.of();

    @Option(names = "--inspection-hook-option", paramLabel = "HOOK.KEY=VALUE",
            description = "A processing hook's setting, repeatable: pci_devices.alias=JSON-LIST,"
                    + " physnet.cidr_map=CIDR:PHYSNET[,...], accelerators.known_devices=FILE; hooks from jars take"
                    + " theirs the same way. The hook must be enabled (--inspection-hooks).")
    List<String> inspectionHookOptions = List.of();

    @Option(names = "--enable-setting-ipmi-credentials",
            description = "Let POST /v1/introspection/NODE?new_ipmi_username=U&new_ipmi_password=P have the ramdisk"
                    + " set that BMC user in band; the conductor verifies it before writing driver_info"
                    + " (default: refused).")
    boolean settingIpmiCredentials;

    @Option(names = "--inspect-wait-timeout", paramLabel = "SECONDS", defaultValue = "3600",
            description = "How long a node may wait in 'inspect wait' before inspection fails"
                    + " (default: ${DEFAULT-VALUE}).")
    int inspectWaitSeconds;

    /** The settings these options give; a {@link ParameterException} names the option that is wrong. */
    InspectSettings settings() {
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
                Duration.ofSeconds(inspectWaitSeconds), enrollDriver.map(String::strip), inspectionRulesFile,
                inspectionHooks.stream().map(String::strip).toList(), settingIpmiCredentials, hookOptions());
    }

    private Map<String, Map<String, String>> hookOptions() {
        Map<String, Map<String, String>> byHook = new LinkedHashMap<>();
        for (String option : inspectionHookOptions) {
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
