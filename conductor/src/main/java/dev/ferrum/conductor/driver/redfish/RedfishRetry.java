package dev.ferrum.conductor.driver.redfish;

import dev.ferrum.conductor.driver.DriverException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;

/**
 * One request at a time per Redfish service, and a request the service could not take retried: a connection
 * refused or timed out, HTTP 429 (busy) or a 5xx other than 501 (not implemented, which will not change). Waits
 * double between attempts; the last answer or failure is what the caller gets. Refused credentials, TLS failures
 * and 4xx answers are final at once.
 */
final class RedfishRetry {
    private static final System.Logger LOG = System.getLogger(RedfishRetry.class.getName());

    private final int attempts;
    private final Duration initialBackoff;
    /** Locks, not monitors: a virtual thread waiting for its BMC must not pin its carrier (JDK 21). */
    private final Map<String, ReentrantLock> services = new ConcurrentHashMap<>();

    RedfishRetry(int attempts, Duration initialBackoff) {
        this.attempts = attempts;
        this.initialBackoff = initialBackoff;
    }

    <T> T call(String service, String what, Supplier<T> request, ToIntFunction<T> status) {
        Duration backoff = initialBackoff;
        for (int attempt = 1; ; attempt++) {
            boolean last = attempt == attempts;
            try {
                T reply = serialised(service, request);
                int code = status.applyAsInt(reply);
                if (last || !(code == 429 || (code >= 500 && code != 501))) {
                    return reply;
                }
                LOG.log(System.Logger.Level.DEBUG, "Redfish " + service + " answered " + what + " with HTTP " + code
                        + " (attempt " + attempt + " of " + attempts + "), retrying in " + backoff);
            } catch (DriverException failure) {
                if (last || !isTransient(failure)) {
                    throw failure;
                }
                LOG.log(System.Logger.Level.DEBUG, "Redfish " + service + " could not take " + what + " (attempt "
                        + attempt + " of " + attempts + "): " + failure.getMessage() + "; retrying in " + backoff);
            }
            sleep(backoff);
            backoff = backoff.multipliedBy(2);
        }
    }

    private <T> T serialised(String service, Supplier<T> request) {
        ReentrantLock lock = services.computeIfAbsent(service, s -> new ReentrantLock(true));
        lock.lock();
        try {
            return request.get();
        } finally {
            lock.unlock();
        }
    }

    /** A connection that could not be made or timed out; not a TLS or credential refusal. */
    static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static void sleep(Duration wait) {
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to retry a Redfish request", e);
        }
    }
}
