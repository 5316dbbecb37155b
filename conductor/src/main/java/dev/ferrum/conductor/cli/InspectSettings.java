package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.driver.inspect.InspectorConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How this conductor inspects nodes.
 *
 * @param inspector the remote inspection service (ironic-inspector / discoverd) behind the {@code inspector}
 *     inspect interface; the interface is not enabled when empty
 * @param inspectorPollInterval how often nodes waiting on the remote service have their introspection status read
 * @param inspectWaitTimeout how long a node may stay in {@code inspect wait} (in-band or remote) before it fails
 * @param enrollDriver the driver (hardware type) a machine gets when its inspection report matches no node and
 *     discovery enrolls it; reports for unknown machines are refused when empty
 * @param rulesFile a JSON list of built-in introspection rules, run before those created through the API
 * @param hooks the processing hooks by name in the order they run; the default set when empty
 * @param settingIpmiCredentials whether introspection may ask the ramdisk to set BMC credentials
 * @param hookOptions the hooks' settings, by hook name then key ({@code --inspection-hook-option HOOK.KEY=VALUE})
 */
public record InspectSettings(Optional<InspectorConfig> inspector, Duration inspectorPollInterval,
        Duration inspectWaitTimeout, Optional<String> enrollDriver, Optional<Path> rulesFile, List<String> hooks,
        boolean settingIpmiCredentials, Map<String, Map<String, String>> hookOptions) {

    /** The inspector's status check period when not given (Ironic's {@code [inspector]status_check_period}). */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(60);
    /** How long inspection may wait when not given: the flows' default. */
    public static final Duration DEFAULT_WAIT_TIMEOUT = Duration.ofMinutes(60);

    public InspectSettings {
        Objects.requireNonNull(inspector, "inspector");
        requirePositive(inspectorPollInterval, "inspectorPollInterval");
        requirePositive(inspectWaitTimeout, "inspectWaitTimeout");
        Objects.requireNonNull(enrollDriver, "enrollDriver");
        Objects.requireNonNull(rulesFile, "rulesFile");
        hooks = List.copyOf(hooks);
        hookOptions = Map.copyOf(hookOptions);
    }

    /** Settings with the default hooks and no built-in rules. */
    public InspectSettings(Optional<InspectorConfig> inspector, Duration inspectorPollInterval,
            Duration inspectWaitTimeout, Optional<String> enrollDriver) {
        this(inspector, inspectorPollInterval, inspectWaitTimeout, enrollDriver, Optional.empty(), List.of(), false,
                Map.of());
    }

    /** Settings that do not enroll unknown machines. */
    public InspectSettings(Optional<InspectorConfig> inspector, Duration inspectorPollInterval,
            Duration inspectWaitTimeout) {
        this(inspector, inspectorPollInterval, inspectWaitTimeout, Optional.empty());
    }

    /** No remote inspector; in-band inspection with the default timeout. */
    public static InspectSettings withoutInspector() {
        return new InspectSettings(Optional.empty(), DEFAULT_POLL_INTERVAL, DEFAULT_WAIT_TIMEOUT);
    }

    private static void requirePositive(Duration duration, String name) {
        Objects.requireNonNull(duration, name);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + duration);
        }
    }
}
