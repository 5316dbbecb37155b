package dev.ferrum.conductor.driver.vendor;

import java.util.List;
import java.util.Objects;

/**
 * A vendor passthru method as Ironic describes it: the HTTP methods it takes, whether it runs after the
 * answer ({@code async}, 202) or before it (200 with its return value), whether the value is sent as an
 * attachment, and for node methods whether it needs the node's exclusive lock.
 */
public record VendorMethod(String name, List<String> httpMethods, boolean async, String description, boolean attach,
                           boolean requireExclusiveLock) {
    public VendorMethod {
        Objects.requireNonNull(name, "name");
        httpMethods = List.copyOf(httpMethods);
        Objects.requireNonNull(description, "description");
    }
}
