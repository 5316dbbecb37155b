package dev.ferrum.conductor.inspection;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How reports are processed: the hooks by name in the order they run, whether values the hooks found
 * replace properties the node already has (inspector's {@code overwrite_existing}; off by default here,
 * so operator-set properties survive), and whether a report that matches no node enrolls a new one
 * with that driver (discoverd's {@code enroll} node-not-found hook; off by default, so only nodes under
 * inspection accept data), and whether operators may have the ramdisk set BMC credentials (inspector's
 * {@code enable_setting_ipmi_credentials}; off by default), which the conductor then verifies for at most
 * {@code credentialCheckTimeout}.
 */
public record InspectionConfig(List<String> hooks, boolean overwriteExisting, Optional<String> enrollDriver,
        boolean settingIpmiCredentials, Duration credentialCheckTimeout) {

    /** How long the BMC gets to accept credentials set in band (inspector waits about a minute too). */
    public static final Duration DEFAULT_CREDENTIAL_CHECK_TIMEOUT = Duration.ofSeconds(60);

    public InspectionConfig {
        hooks = List.copyOf(hooks);
        Objects.requireNonNull(enrollDriver, "enrollDriver");
        Objects.requireNonNull(credentialCheckTimeout, "credentialCheckTimeout");
    }

    /** Processing that does not set BMC credentials. */
    public InspectionConfig(List<String> hooks, boolean overwriteExisting, Optional<String> enrollDriver) {
        this(hooks, overwriteExisting, enrollDriver, false, DEFAULT_CREDENTIAL_CHECK_TIMEOUT);
    }

    /** Processing without enrolling unknown machines. */
    public InspectionConfig(List<String> hooks, boolean overwriteExisting) {
        this(hooks, overwriteExisting, Optional.empty());
    }

    public static InspectionConfig defaults() {
        return new InspectionConfig(List.of("ramdisk_error", "scheduler", "validate_interfaces", "ports", "root_device",
                "capabilities", "lldp_basic", "local_link_connection"), false);
    }

    /** These settings with {@code names} as the hooks, in that order; unchanged when {@code names} is empty. */
    public InspectionConfig withHooks(List<String> names) {
        return names.isEmpty() ? this : new InspectionConfig(names, overwriteExisting, enrollDriver,
                settingIpmiCredentials, credentialCheckTimeout);
    }

    /** These settings, enrolling machines no node matches with {@code driver}. */
    public InspectionConfig enrollingWith(String driver) {
        return new InspectionConfig(hooks, overwriteExisting, Optional.of(driver), settingIpmiCredentials,
                credentialCheckTimeout);
    }

    /** These settings, letting operators have the ramdisk set BMC credentials, checked for {@code timeout}. */
    public InspectionConfig settingIpmiCredentials(Duration timeout) {
        return new InspectionConfig(hooks, overwriteExisting, enrollDriver, true, timeout);
    }
}
