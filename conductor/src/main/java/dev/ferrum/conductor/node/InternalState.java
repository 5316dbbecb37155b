package dev.ferrum.conductor.node;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the conductor keeps about a node's running flow, typed: the ramdisk agent it talks to, the
 * step plan, the deadline of the current wait state, the steps the agent offered, the running step's
 * latest progress, the certificate an auto-TLS agent announced (PEM; pinned for its calls), and the
 * versions of the agent's hardware managers as it last reported them, the operator's deploy steps for
 * the running deploy, and whether the node is rebooting into the ramdisk after a step that asked for
 * it (the next heartbeat then resumes at the following step). Ironic keeps these
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
        Map<String, String> hardwareManagerVersion,
        List<PlannedStep> userDeploySteps,
        Optional<StepKind> stepReboot) {

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
        userDeploySteps = List.copyOf(userDeploySteps);
        Objects.requireNonNull(stepReboot, "stepReboot");
    }

    /** Nothing known: a node no flow has touched. */
    public static InternalState empty() {
        return new InternalState(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Map.of(), List.of(), Optional.empty());
    }

    /** The agent issued {@code token} (on its first lookup). */
    public InternalState withAgentToken(AgentToken token) {
        return new InternalState(agentUrl, Optional.of(token), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The agent announced its auto-TLS certificate (PEM); the conductor trusts only it for this agent. */
    public InternalState withAgentVerifyCa(String pem) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                agentProgress, Optional.of(pem), hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The agent heartbeated at {@code at} from {@code url}, running {@code version}. */
    public InternalState withHeartbeat(URI url, String version, Instant at) {
        return new InternalState(Optional.of(url), agentToken, Optional.of(version), Optional.of(at), stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /**
     * Forget the agent (its ramdisk is gone): url, token, certificate, offered steps and reported progress. What
     * it last said about itself stays, as Ironic keeps it after a deploy or cleaning: its version, its last
     * heartbeat and its hardware managers' versions.
     */
    public InternalState withoutAgent() {
        return new InternalState(Optional.empty(), Optional.empty(), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, Optional.empty(), Optional.empty(), lastPowerStateChange, wholeDiskImage, Optional.empty(),
                Optional.empty(), hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /**
     * As {@link #withoutAgent}, keeping the steps the agent listed: the same ramdisk boots again (a takeover) and the
     * next step's command carries the hardware manager versions they were listed with, which the agent checks.
     */
    public InternalState withoutAgentKeepingSteps() {
        return new InternalState(Optional.empty(), Optional.empty(), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                Optional.empty(), Optional.empty(), hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The plan of steps; the last step's progress no longer applies, so it is dropped. */
    public InternalState withStepPlan(Optional<StepPlan> plan) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, plan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                Optional.empty(), agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The running step's latest progress as the agent reported it. */
    public InternalState withAgentProgress(Optional<AgentProgress> progress) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                progress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The current wait state must see progress before {@code deadline}; empty clears it. */
    public InternalState withWaitDeadline(Optional<Instant> deadline) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                deadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The agent offered {@code steps} for {@code kind}; their managers' versions become the node's latest. */
    public InternalState withCachedSteps(StepKind kind, CachedSteps steps) {
        Optional<CachedSteps> deploy = kind == StepKind.DEPLOY ? Optional.of(steps) : agentCachedDeploySteps;
        // Ironic caches no service steps: servicing keeps only the versions (sent back as service_version).
        Optional<CachedSteps> clean = kind == StepKind.CLEAN ? Optional.of(steps) : agentCachedCleanSteps;
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan, waitDeadline,
                deploy, clean, lastPowerStateChange, wholeDiskImage, agentProgress, agentVerifyCa,
                steps.managerVersions(), userDeploySteps, stepReboot);
    }

    public InternalState withLastPowerStateChange(Instant at) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, Optional.of(at), wholeDiskImage, agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    public InternalState withWholeDiskImage(boolean wholeDisk) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange,
                Optional.of(wholeDisk), agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, stepReboot);
    }

    /** The operator's {@code deploy_steps} for this deploy (Ironic's {@code user_deploy_steps}); empty for none. */
    public InternalState withUserDeploySteps(List<PlannedStep> steps) {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                agentProgress, agentVerifyCa, hardwareManagerVersion, steps, stepReboot);
    }

    /**
     * The node reboots into a fresh ramdisk after a {@code kind} step that requested it: the old agent's
     * URL, token, certificate and progress are gone (the new one looks up afresh), the offered steps stay
     * (the next step is sent with their versions), and the flag says to resume at the next step.
     */
    public InternalState rebootingAfterStep(StepKind kind) {
        return new InternalState(Optional.empty(), Optional.empty(), agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                Optional.empty(), Optional.empty(), hardwareManagerVersion, userDeploySteps, Optional.of(kind));
    }

    /** The rebooted ramdisk is back: the flow resumes, the reboot flag goes. */
    public InternalState withoutStepReboot() {
        return new InternalState(agentUrl, agentToken, agentVersion, agentLastHeartbeat, stepPlan,
                waitDeadline, agentCachedDeploySteps, agentCachedCleanSteps, lastPowerStateChange, wholeDiskImage,
                agentProgress, agentVerifyCa, hardwareManagerVersion, userDeploySteps, Optional.empty());
    }

    private static Optional<Instant> micros(Optional<Instant> instant) {
        return Objects.requireNonNull(instant).map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }
}
