package dev.ferrum.conductor.node;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A bare-metal node with Ironic's fields. Free-form dicts stay {@link JsonDict}; what the conductor
 * itself keeps about a running flow is the typed {@link InternalState}. {@code version} grows by one
 * on every stored change and guards optimistic updates; {@code reservation} is the lock holder.
 * Times are kept to the microsecond, as stored.
 */
public record Node(
        UUID uuid,
        Optional<String> name,
        String driver,
        NodeInterfaces interfaces,
        JsonDict driverInfo,
        JsonDict properties,
        JsonDict instanceInfo,
        Optional<UUID> instanceUuid,
        InternalState internal,
        ProvisionState provisionState,
        Optional<ProvisionState> targetProvisionState,
        Optional<PowerState> powerState,
        Optional<PowerState> targetPowerState,
        boolean maintenance,
        Optional<String> maintenanceReason,
        Optional<String> lastError,
        Optional<String> resourceClass,
        List<String> traits,
        JsonDict extra,
        String conductorGroup,
        NodeAttributes attributes,
        Optional<Boolean> automatedClean,
        Optional<Instant> inspectionStartedAt,
        Optional<Instant> inspectionFinishedAt,
        Optional<Instant> provisionUpdatedAt,
        Instant createdAt,
        Optional<Instant> updatedAt,
        Optional<String> reservation,
        Optional<String> conductorAffinity,
        long version) {

    // Ironic accepts RFC 3986 unreserved characters in names (hostnames and more).
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._~-]{1,255}");
    private static final Pattern TRAIT = Pattern.compile("[A-Za-z0-9_]{1,255}");

    public Node {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(name, "name").ifPresent(Node::checkName);
        if (driver == null || driver.isBlank()) {
            throw new InvalidInputException("A node needs a driver (hardware type), e.g. \"ipmi\" or \"redfish\".");
        }
        Objects.requireNonNull(interfaces, "interfaces");
        Objects.requireNonNull(driverInfo, "driverInfo");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(instanceInfo, "instanceInfo");
        Objects.requireNonNull(instanceUuid, "instanceUuid");
        Objects.requireNonNull(internal, "internal");
        Objects.requireNonNull(provisionState, "provisionState");
        Objects.requireNonNull(targetProvisionState, "targetProvisionState");
        Objects.requireNonNull(powerState, "powerState");
        Objects.requireNonNull(targetPowerState, "targetPowerState");
        Objects.requireNonNull(maintenanceReason, "maintenanceReason");
        Objects.requireNonNull(lastError, "lastError");
        Objects.requireNonNull(resourceClass, "resourceClass");
        traits = List.copyOf(new LinkedHashSet<>(traits));
        traits.forEach(Node::checkTrait);
        Objects.requireNonNull(extra, "extra");
        Objects.requireNonNull(conductorGroup, "conductorGroup");
        Objects.requireNonNull(attributes, "attributes");
        Objects.requireNonNull(automatedClean, "automatedClean");
        inspectionStartedAt = micros(inspectionStartedAt);
        inspectionFinishedAt = micros(inspectionFinishedAt);
        provisionUpdatedAt = micros(provisionUpdatedAt);
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = micros(updatedAt);
        Objects.requireNonNull(reservation, "reservation");
        Objects.requireNonNull(conductorAffinity, "conductorAffinity");
        if (version < 0) {
            throw new IllegalArgumentException("a version is never negative");
        }
    }

    /** A builder for a new node in {@code enroll}, nothing else set. */
    public static NodeBuilder builder(UUID uuid, String driver, Instant createdAt) {
        return new NodeBuilder(uuid, driver, createdAt);
    }

    /** A builder starting from this node's values, for edits. */
    public NodeBuilder toBuilder() {
        return new NodeBuilder(this);
    }

    /** The node's {@code driver_info} as the API shows it: passwords and keys masked. */
    public JsonDict maskedDriverInfo() {
        return Secrets.mask(driverInfo);
    }

    /**
     * The node's {@code instance_info} as the API and lookup show it: the config drive and the image
     * download URL masked (the URL may carry a temporary credential, so Ironic hides it too).
     */
    public JsonDict maskedInstanceInfo() {
        JsonDict masked = withConfigDriveMasked(Secrets.mask(instanceInfo));
        return masked.string("image_url").isPresent() ? masked.with("image_url", Secrets.MASK) : masked;
    }

    /**
     * The node's {@code instance_info} as agents get it in a command's {@code params.node}: the config
     * drive masked but {@code image_url} readable, as Ironic sends it.
     */
    public JsonDict agentInstanceInfo() {
        return withConfigDriveMasked(Secrets.mask(instanceInfo));
    }

    // A config drive given as a JSON object is masked whole, as Ironic does: its user data and keys
    // are as secret as a built drive, and masking by key would leave them readable.
    private static JsonDict withConfigDriveMasked(JsonDict masked) {
        return masked.get("configdrive").filter(drive -> drive.isContainerNode()).isPresent()
                ? masked.with("configdrive", Secrets.MASK) : masked;
    }

    /** {@code driver_internal_info} as the API shows it (agent token masked). */
    public JsonDict driverInternalInfo() {
        return DriverInternalInfo.render(internal);
    }

    /** The BMC host driver_info points at, used to match inspection data to a node. */
    public Optional<String> bmcAddress() {
        return BmcAddress.of(driverInfo);
    }

    /** "name (uuid)" or the uuid, for operator messages. */
    public String displayName() {
        return name.map(n -> n + " (" + uuid + ")").orElse(uuid.toString());
    }

    private static void checkName(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new InvalidInputException("Node name \"" + name + "\" is not valid: use 1-255 letters, digits"
                    + " or the characters . _ ~ -");
        }
        if (looksLikeUuid(name)) {
            throw new InvalidInputException("Node name \"" + name + "\" looks like a UUID, which would make lookups"
                    + " ambiguous; choose another name.");
        }
    }

    private static void checkTrait(String trait) {
        if (!TRAIT.matcher(trait).matches()) {
            throw new InvalidInputException("Trait \"" + trait + "\" is not valid: use letters, digits and _,"
                    + " e.g. CUSTOM_GPU or HW_CPU_X86_VMX.");
        }
    }

    static boolean looksLikeUuid(String text) {
        // Only a 36-character text can be a canonical UUID: most names are not, and a thrown exception per
        // decoded node was a visible share of a full-fleet scan's CPU.
        if (text.length() != 36) {
            return false;
        }
        try {
            return UUID.fromString(text).toString().equalsIgnoreCase(text);
        } catch (IllegalArgumentException notAUuid) {
            return false;
        }
    }

    private static Optional<Instant> micros(Optional<Instant> instant) {
        return Objects.requireNonNull(instant).map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }
}
