package dev.ferrum.conductor.api.vendor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.ferrum.conductor.driver.vendor.VendorCall;
import dev.ferrum.conductor.driver.vendor.VendorInterface;
import dev.ferrum.conductor.driver.vendor.VendorMethod;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Ironic's passthru machinery over a {@link VendorInterface}: finds the method (400 "No handler" for an
 * unknown one), checks the HTTP method, takes the node's lock when the method wants it (409 when another
 * holds it), validates, then runs it before the answer (sync, 200 with its value) or after (async, 202);
 * an async method keeps the lock until it is done.
 */
public final class VendorPassthru {
    private static final System.Logger LOG = System.getLogger(VendorPassthru.class.getName());
    /** How long a call waits for the node's lock, as Ironic's task manager retries before answering 409. */
    private static final Duration LOCK_WAIT = Duration.ofSeconds(2);

    /** What the API answers: 202 without a value for async methods, else 200 with {@code value}. */
    public record Outcome(boolean async, JsonNode value, boolean attach) {
    }

    private final Store store;
    private final String conductor;
    private final Executor worker;

    public VendorPassthru(Store store, String conductor, Executor worker) {
        this.store = store;
        this.conductor = conductor;
        this.worker = worker;
    }

    public Outcome callNode(VendorInterface vendor, Node node, VendorCall call) {
        VendorMethod method = find(vendor.nodeMethods(), call);
        Optional<NodeLock> lock = method.requireExclusiveLock() ? Optional.of(store.locks().acquireWaiting(node.uuid(), conductor, LOCK_WAIT)) : Optional.empty();
        try {
            vendor.validate(call);
        } catch (RuntimeException e) {
            lock.ifPresent(store.locks()::release);
            throw e;
        }
        if (method.async()) {
            worker.execute(() -> {
                try {
                    vendor.invokeOnNode(node, call);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.ERROR, "node=" + node.uuid() + " vendor passthru " + call.method()
                            + " failed: " + e.getMessage(), e);
                } finally {
                    lock.ifPresent(store.locks()::release);
                }
            });
            return new Outcome(true, NullNode.getInstance(), method.attach());
        }
        try {
            return new Outcome(false, vendor.invokeOnNode(node, call), method.attach());
        } finally {
            lock.ifPresent(store.locks()::release);
        }
    }

    public Outcome callDriver(VendorInterface vendor, VendorCall call) {
        VendorMethod method = find(vendor.driverMethods(), call);
        vendor.validate(call);
        if (method.async()) {
            worker.execute(() -> {
                try {
                    vendor.invokeOnDriver(call);
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.ERROR, "driver vendor passthru " + call.method() + " failed: "
                            + e.getMessage(), e);
                }
            });
            return new Outcome(true, NullNode.getInstance(), method.attach());
        }
        return new Outcome(false, vendor.invokeOnDriver(call), method.attach());
    }

    private static VendorMethod find(List<VendorMethod> methods, VendorCall call) {
        VendorMethod method = methods.stream().filter(m -> m.name().equals(call.method())).findFirst()
                .orElseThrow(() -> new InvalidInputException("No handler for method " + call.method()));
        String http = call.httpMethod().toUpperCase(Locale.ROOT);
        if (!method.httpMethods().contains(http)) {
            throw new InvalidInputException("The method " + call.method() + " does not support HTTP " + http);
        }
        return method;
    }
}
