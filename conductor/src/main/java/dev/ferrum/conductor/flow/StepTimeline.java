package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.erasure.RecordedCertificate;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.AgentProgress;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.AgentBeat;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's first heartbeat and the steps of cleaning and deploying in the node's timeline: each step started,
 * finished or failed, and while it runs the agent's progress, sampled (the first report of a step, then one every
 * {@link #SAMPLE}) so a long write leaves a readable trail instead of one entry per heartbeat or poll.
 */
final class StepTimeline {
    /** At most one progress entry per step in this long. */
    static final Duration SAMPLE = Duration.ofSeconds(30);

    private record Sample(String step, Instant at) {
    }

    private final Store store;
    private final Clock clock;
    /** The last progress entry written per node; a sample for another step starts afresh. */
    private final Map<UUID, Sample> sampled = new ConcurrentHashMap<>();

    StepTimeline(Store store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    void started(NodeLock lock, Node node, StepKind kind, String step) {
        sampled.remove(node.uuid());
        record(lock, node, Timeline.Entry.of("step", "step.started", NodeEvent.Severity.INFO,
                label(kind) + " step " + step + " started").with("step", step).with("kind", label(kind)));
    }

    void finished(NodeLock lock, Node node, StepKind kind, String step) {
        sampled.remove(node.uuid());
        record(lock, node, Timeline.Entry.of("step", "step.finished", NodeEvent.Severity.INFO,
                label(kind) + " step " + step + " finished").with("step", step).with("kind", label(kind)));
    }

    void failed(NodeLock lock, Node node, StepKind kind, String step, String error) {
        sampled.remove(node.uuid());
        record(lock, node, Timeline.Entry.of("step", "step.failed", NodeEvent.Severity.ERROR,
                label(kind) + " step " + step + " failed: " + error).with("step", step).with("kind", label(kind))
                .with("error", error));
    }

    /** Records {@code progress} if it is the step's first report or the last sample is {@link #SAMPLE} old. */
    void progressed(NodeLock lock, Node node, AgentProgress progress) {
        Instant now = clock.instant();
        Sample last = sampled.get(node.uuid());
        if (last != null && last.step().equals(progress.step()) && last.at().plus(SAMPLE).isAfter(now)) {
            return;
        }
        sampled.put(node.uuid(), new Sample(progress.step(), now));
        Timeline.Entry entry = Timeline.Entry.of("step", "step.progress", NodeEvent.Severity.INFO,
                "Step " + progress.step() + ": " + describe(progress)).with("step", progress.step())
                .with("bytes_done", progress.bytesWritten()).with("rate_bytes_per_s", progress.bytesPerSecond());
        if (progress.totalBytes().isPresent()) {
            entry = entry.with("bytes_total", progress.totalBytes().get());
        }
        if (progress.eta().isPresent()) {
            entry = entry.with("eta_s", progress.eta().get().toSeconds());
        }
        if (progress.phase().isPresent()) {
            entry = entry.with("phase", progress.phase().get());
        }
        record(lock, node, entry);
    }

    /** The ramdisk's first heartbeat on this boot: where its agent listens and which agent it is. */
    void firstHeartbeat(NodeLock lock, Node node, AgentHeartbeat beat) {
        record(lock, node, firstHeartbeat(beat.callbackUrl(), beat.agentVersion()));
    }

    /**
     * The same entry as {@link #firstHeartbeat(NodeLock, Node, AgentHeartbeat)} for a heartbeat the batch records
     * without the lock, as {@code conductor} (this one) wrote it, for the batch to append in its transaction.
     */
    NodeEvent firstHeartbeat(String conductor, AgentBeat beat, ProvisionState state) {
        return new Timeline(store, conductor, clock).event(beat.node(), state,
                firstHeartbeat(beat.callbackUrl(), beat.agentVersion()));
    }

    private static Timeline.Entry firstHeartbeat(URI callbackUrl, String agentVersion) {
        return Timeline.Entry.of("agent", "agent.heartbeat.first", NodeEvent.Severity.INFO,
                "First heartbeat of agent " + agentVersion + " at " + callbackUrl)
                .with("callback_url", callbackUrl.toString()).with("agent_version", agentVersion);
    }

    /**
     * One disk's erase, as its certificate reports it: kept in the timeline after the cleaning succeeded, so the
     * record of how each disk was wiped outlives the step that did it.
     */
    void eraseReported(NodeLock lock, Node node, RecordedCertificate certificate) {
        String verified = certificate.signatureVerified() ? "signature verified"
                : "signature NOT verified: " + certificate.verifyProblem();
        record(lock, node, Timeline.Entry.of("erase", "erase.report", certificate.signatureVerified()
                ? NodeEvent.Severity.INFO : NodeEvent.Severity.ERROR, "Disk " + certificate.device() + " ("
                + certificate.serial() + ") erased by " + certificate.method() + ": " + certificate.outcome() + ", "
                + verified).with("device", certificate.device()).with("serial", certificate.serial())
                .with("method", certificate.method()).with("category", certificate.category())
                .with("outcome", certificate.outcome()).with("verified", String.valueOf(certificate.signatureVerified()))
                .with("certificate", certificate.uuid().toString()));
    }

    private static String describe(AgentProgress progress) {
        String done = progress.bytesWritten() / (1024 * 1024) + " MiB"
                + progress.totalBytes().map(t -> " of " + t / (1024 * 1024) + " MiB").orElse("");
        return done + " at " + progress.bytesPerSecond() / (1024 * 1024) + " MiB/s"
                + progress.eta().map(eta -> ", " + eta.toSeconds() + " s left").orElse("");
    }

    private static String label(StepKind kind) {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    private void record(NodeLock lock, Node node, Timeline.Entry entry) {
        new Timeline(store, lock.holder(), clock).record(node, entry);
    }
}
