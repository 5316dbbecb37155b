package dev.ferrum.conductor.node;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the conductor keeps about a node's running flow, typed: the ramdisk agent it talks to, the
 * step plan, the deadline of the current wait state, the steps the agent offered, the running step's
 * latest progress, the certificate an auto-TLS agent announced (PEM; pinned for its calls), and the
 * versions of the agent's hardware managers as it last reported them. Ironic keeps these
 * in the free-form {@code driver_internal_info}; {@link DriverInternalInfo} renders that shape.
 */
public record InternalState(
        Optional<URI> agentUrl,
        Optional<AgentToken> agentToken,
        Optional<String> agentVersion,
        Optional<Instant> agentLastHeartbeat,
        Optional<StepPlan> stepPlan,
        Optional<Instant> waitDeadline,
        Optional<CachedSteps> agentCachedDeploySteps,
        Optional<CachedSteps> agentCachedCleanSteps,
        Optional<Instant> lastPowerStateChange,
        Optional<Boolean> wholeDiskImage,
        Optional<AgentProgress> agentProgress,
        Optional<String> agentVerifyCa,
        Map<String, String> hardwareManagerVersion) {

    public InternalState {
        Objects.requireNonNull(agentUrl, "agentUrl");
        Objects.requireNonNull(agentToken, "agentToken");
        Objects.requireNonNull(agentVersion, "agentVersion");
        agentLastHeartbeat = micros(agentLastHeartbeat);
        Objects.requireNonNull(stepPlan, "stepPlan");
        waitDeadline = micros(waitDeadline);
        Objects.requireNonNull(agentCachedDeploySteps, "agentCachedDeploySteps");
        Objects.requireNonNull(agentCachedCleanSteps, "agentCachedCleanSteps");
        lastPowerStateChange = micros(lastPowerStateChange);
        Objects.requireNonNull(wholeDiskImage, "wholeDiskImage");
        Objects.requireNonNull(agentProgress, "agentProgress");
        Objects.requireNonNull(agentVerifyCa, "agentVerifyCa");
        hardwareManagerVersion = Collections.unmodifiableMap(new TreeMap<>(hardwareManagerVersion));
    }

    /** Nothing known: a node no flow has touched. */
    public static InternalState empty() {
        return new InternalState(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Map.of());
    }

    /** The agent issued {@code token} (on its first lookup). */
    public InternalState withAgentToken(AgentToken token) {
        return new InternalState(agentUrl, Optional.of(token), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion);
    }

    /** The agent announced its auto-TLS certificate (PEM); the conductor trusts only it for this agent. */
    public InternalState withAgentVerifyCa(String pem) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                agentProgress, Optional.of(pem), hardwareManagerVersion);
    }

    /** The agent heartbeated at {@code at} from {@code url}, running {@code version}. */
    public InternalState withHeartbeat(URI url, String version, Instant at) {
        return new InternalState(Optional.of(url), agentToken, Optional.of(version), Optional.of(at), stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion);
    }

    /**
     * Forget the agent (its ramdisk is gone): url, token, certificate, offered steps and reported progress. What
     * it last said about itself stays, as Ironic keeps it after a deploy or cleaning: its version, its last
     * heartbeat and its hardware managers' versions.
     */
    public InternalState withoutAgent() {
        return new InternalState(Optional.empty(), Optional.empty(), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, Optional.empty(), Optional.empty(), lastPowerStateChange, wholeDiskImage, Optional.empty(),
                Optional.empty(), hardwareManagerVersion);
    }

    /** The plan of steps; the last step's progress no longer applies, so it is dropped. */
    public InternalState withStepPlan(Optional<StepPlan> plan) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, plan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                Optional.empty(), agentVerifyCa, hardwareManagerVersion);
    }

    /** The running step's latest progress as the agent reported it. */
    public InternalState withAgentProgress(Optional<AgentProgress> progress) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                progress, agentVerifyCa, hardwareManagerVersion);
    }

    /** The current wait state must see progress before {@code deadline}; empty clears it. */
    public InternalState withWaitDeadline(Optional<Instant> deadline) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                deadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion);
    }

    /** The agent offered {@code steps} for {@code kind}; their managers' versions become the node's latest. */
    public InternalState withCachedSteps(StepKind kind, CachedSteps steps) {
        return kind == StepKind.DEPLOY
                ? new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan, waitDeadline,
                        Optional.of(steps), agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress,
                        agentVerifyCa, steps.managerVersions())
                : new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan, waitDeadline,
                        agentCachedDeploySteps, Optional.of(steps), lastPowerStateChange, wholeDiskImage, agentProgress,
                        agentVerifyCa, steps.managerVersions());
    }

    public InternalState withLastPowerStateChange(Instant at) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, Optional.of(at), wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion);
    }

    public InternalState withWholeDiskImage(boolean wholeDisk) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange,
                Optional.of(wholeDisk), agentProgress, agentVerifyCa, hardwareManagerVersion);
    }

    private static Optional<Instant> micros(Optional<Instant> instant) {
        return Objects.requireNonNull(instant).map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }
}
