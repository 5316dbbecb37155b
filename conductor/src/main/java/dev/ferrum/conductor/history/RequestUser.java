package dev.ferrum.conductor.history;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The user whose API request the current thread is serving, as Ironic's node history takes the request context's
 * {@code user_id}: every history entry written while an authenticated request is handled, or while the work it
 * queued runs, names that user; conductor-initiated work (periodic tasks, the agent's unauthenticated calls) names
 * nobody, as Ironic's admin context and the ramdisk's requests carry no user. A thread-scoped value rather than a
 * parameter because the entries are written deep inside flows that the API, the periodic tasks and the agent all
 * drive through the same code.
 */
public final class RequestUser {
    private static final ThreadLocal<Optional<String>> CURRENT = ThreadLocal.withInitial(Optional::empty);

    private RequestUser() {
    }

    /** The user this thread works for; empty outside an authenticated request and its queued work. */
    public static Optional<String> current() {
        return CURRENT.get();
    }

    /** Runs {@code work} on behalf of {@code user}, then restores whoever the thread worked for before. */
    public static <T> T as(Optional<String> user, Supplier<T> work) {
        Optional<String> before = CURRENT.get();
        CURRENT.set(user);
        try {
            return work.get();
        } finally {
            CURRENT.set(before);
        }
    }

    /** {@link #as(Optional, Supplier)} for work without a result. */
    public static void run(Optional<String> user, Runnable work) {
        as(user, () -> {
            work.run();
            return null;
        });
    }

    /** {@code event} naming the current user, unless it names one already. */
    public static NodeEvent stamp(NodeEvent event) {
        if (event.user().isPresent() || current().isEmpty()) {
            return event;
        }
        return new NodeEvent(event.uuid(), event.nodeUuid(), event.createdAt(), event.fromState(), event.toState(),
                event.event(), event.severity(), event.message(), event.conductor(), event.eventType(), event.kind(),
                current(), event.details());
    }
}
