package dev.ferrum.conductor.state;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Optional;

/**
 * A node's provision state, spelled on the wire exactly as Ironic spells it. Each state knows its
 * kind, the stable state its flow aims at by default (Ironic's per-state target), and the facts the
 * API and the sweeper ask about it. The transitions live in {@link ProvisionStateMachine}.
 */
public enum ProvisionState {
    ENROLL("enroll", StateKind.STABLE, null),
    VERIFYING("verifying", StateKind.TRANSIENT, "manageable"),
    MANAGEABLE("manageable", StateKind.STABLE, null),
    AVAILABLE("available", StateKind.STABLE, null),
    ACTIVE("active", StateKind.STABLE, null),
    ERROR("error", StateKind.STABLE, null),
    RESCUE("rescue", StateKind.STABLE, null),

    DEPLOYING("deploying", StateKind.TRANSIENT, "active"),
    DEPLOY_WAIT("wait call-back", StateKind.TRANSIENT, "active"),
    DEPLOY_HOLD("deploy hold", StateKind.HOLD, "active"),
    DEPLOY_FAILED("deploy failed", StateKind.FAILED, "active"),

    DELETING("deleting", StateKind.TRANSIENT, "available"),

    CLEANING("cleaning", StateKind.TRANSIENT, "available"),
    CLEAN_WAIT("clean wait", StateKind.TRANSIENT, "available"),
    CLEAN_HOLD("clean hold", StateKind.HOLD, "available"),
    CLEAN_FAILED("clean failed", StateKind.FAILED, "available"),

    INSPECTING("inspecting", StateKind.TRANSIENT, "manageable"),
    INSPECT_WAIT("inspect wait", StateKind.TRANSIENT, "manageable"),
    INSPECT_FAILED("inspect failed", StateKind.FAILED, "manageable"),

    ADOPTING("adopting", StateKind.TRANSIENT, "active"),
    ADOPT_FAILED("adopt failed", StateKind.FAILED, "active"),

    RESCUING("rescuing", StateKind.TRANSIENT, "rescue"),
    RESCUE_WAIT("rescue wait", StateKind.TRANSIENT, "rescue"),
    RESCUE_FAILED("rescue failed", StateKind.FAILED, "rescue"),
    UNRESCUING("unrescuing", StateKind.TRANSIENT, "active"),
    UNRESCUE_FAILED("unrescue failed", StateKind.FAILED, "active"),

    // Servicing an active node (Ironic API 1.87): steps run on the deployed machine, which returns to active.
    SERVICING("servicing", StateKind.TRANSIENT, "active"),
    SERVICE_WAIT("service wait", StateKind.TRANSIENT, "active"),
    SERVICE_HOLD("service hold", StateKind.HOLD, "active"),
    SERVICE_FAILED("service failed", StateKind.FAILED, "active");

    private final String wireName;
    private final StateKind kind;
    // Kept as the wire name: an enum constant cannot refer to a later constant in its constructor.
    private final String defaultTargetName;

    ProvisionState(String wireName, StateKind kind, String defaultTargetName) {
        this.wireName = wireName;
        this.kind = kind;
        this.defaultTargetName = defaultTargetName;
    }

    /** The string Ironic's API and database use for this state. */
    public String wireName() {
        return wireName;
    }

    public StateKind kind() {
        return kind;
    }

    public boolean isStable() {
        return kind == StateKind.STABLE;
    }

    public boolean isFailed() {
        return kind == StateKind.FAILED;
    }

    /**
     * The stable state a flow passing through this state aims at when nothing overrides it
     * (Ironic's {@code add_state(..., target=...)}); empty for stable states.
     */
    public Optional<ProvisionState> defaultTarget() {
        return Optional.ofNullable(defaultTargetName).map(ProvisionState::fromWire);
    }

    /**
     * Whether the ramdisk may look this node up: the states where an agent is expected to be running,
     * plus enroll, manageable and available when fast track keeps an agent alive between flows.
     */
    public boolean allowsLookup(boolean fastTrack) {
        return switch (this) {
            case DEPLOYING, DEPLOY_WAIT, CLEANING, CLEAN_WAIT, INSPECTING, INSPECT_WAIT, RESCUING, RESCUE_WAIT,
                    SERVICE_WAIT -> true;
            case ENROLL, MANAGEABLE, AVAILABLE, SERVICING, SERVICE_HOLD -> fastTrack;
            default -> false;
        };
    }

    /**
     * Whether a node in this state network-boots the agent ramdisk (to be inspected, deployed, cleaned
     * or rescued), so DHCP must answer its MACs: the states where an agent is expected without fast track.
     */
    public boolean bootsAgentRamdisk() {
        return allowsLookup(false);
    }

    /**
     * Whether the state carries a deadline that heartbeats refresh and the sweeper enforces: the
     * states where the conductor waits for the ramdisk to call back.
     */
    public boolean hasDeadline() {
        return switch (this) {
            case DEPLOY_WAIT, CLEAN_WAIT, INSPECT_WAIT, RESCUE_WAIT, SERVICE_WAIT -> true;
            default -> false;
        };
    }

    /**
     * Whether a node left in this state by a conductor that died must be failed on takeover: work was
     * running inside the dead process and cannot be resumed (Ironic's stuck states).
     */
    public boolean isFailedOnTakeover() {
        return switch (this) {
            case DEPLOYING, CLEANING, VERIFYING, INSPECTING, ADOPTING, RESCUING, UNRESCUING, DELETING, SERVICING -> true;
            default -> false;
        };
    }

    /** Whether a client may edit the node's fields here besides the stable states (Ironic's list). */
    public boolean allowsUpdate() {
        return isStable() || switch (this) {
            case DEPLOY_FAILED, INSPECTING, INSPECT_FAILED, INSPECT_WAIT, CLEAN_FAILED, VERIFYING,
                    ADOPT_FAILED, RESCUE_FAILED, UNRESCUE_FAILED, SERVICE_HOLD, SERVICE_FAILED -> true;
            default -> false;
        };
    }

    /**
     * Whether the node may be deleted here; {@code available} only when the operator allows deleting
     * available nodes (Ironic's default).
     */
    public boolean allowsDelete(boolean allowDeletingAvailable) {
        return switch (this) {
            case MANAGEABLE, ENROLL, ADOPT_FAILED -> true;
            case AVAILABLE -> allowDeletingAvailable;
            default -> false;
        };
    }

    /** Whether this state belongs to cleaning (a manual clean keeps aiming at manageable through it). */
    public boolean isCleaning() {
        return switch (this) {
            case CLEANING, CLEAN_WAIT, CLEAN_HOLD, CLEAN_FAILED -> true;
            default -> false;
        };
    }

    /** Whether this state belongs to servicing an active node. */
    public boolean isServicing() {
        return switch (this) {
            case SERVICING, SERVICE_WAIT, SERVICE_HOLD, SERVICE_FAILED -> true;
            default -> false;
        };
    }

    /** Parses a wire name; an unknown name is the caller's error. */
    public static ProvisionState fromWire(String wireName) {
        return find(wireName).orElseThrow(() -> new InvalidInputException(
                "Unknown provision state '" + wireName + "'; known states: "
                        + Arrays.stream(values()).map(ProvisionState::wireName).toList()));
    }

    /** The state with this wire name, if any. */
    public static Optional<ProvisionState> find(String wireName) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(wireName)).findFirst();
    }

    @Override
    public String toString() {
        return wireName;
    }
}
