package dev.ferrum.conductor.driver.vendor;

import dev.ferrum.conductor.json.JsonDict;
import java.util.Objects;

/** One passthru invocation: the method's name, the HTTP method it came with, and the client's arguments. */
public record VendorCall(String method, String httpMethod, JsonDict arguments) {
    public VendorCall {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(httpMethod, "httpMethod");
        Objects.requireNonNull(arguments, "arguments");
    }
}
