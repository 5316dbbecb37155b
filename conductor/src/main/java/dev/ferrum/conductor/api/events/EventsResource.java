package dev.ferrum.conductor.api.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.InvalidInputException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * {@code POST /v1/events} (API 1.54): external network events, as Neutron sends them about ports. The body
 * is checked as Ironic's schema checks it (a non-empty {@code events} list of network events, each with
 * {@code event}, {@code port_id}, {@code mac_address} and {@code status}, nothing unknown); accepted events
 * are logged and answered with 204, as Ironic's neutron network interface does no more with them.
 */
public final class EventsResource implements HttpService {
    private static final System.Logger LOG = System.getLogger(EventsResource.class.getName());
    private static final int MINOR = 54;
    private static final List<String> EVENT_TYPES = List.of("network.bind_port", "network.unbind_port",
            "network.delete_port");
    private static final Set<String> REQUIRED = Set.of("event", "port_id", "mac_address", "status");
    private static final Set<String> OPTIONAL = Set.of("device_id", "binding:host_id", "binding:vnic_type");
    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}([:-])[0-9a-fA-F]{2}(\\1[0-9a-fA-F]{2}){4}");

    private final Endpoints endpoints;

    public EventsResource(Endpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v1/events", endpoints.operator(this::post))
                .any("/v1/events", endpoints.methodNotAllowed());
    }

    private void post(ApiCall call) {
        if (!call.atLeast(1, MINOR)) {
            throw new ApiException(404, "The API is not supported for this version");
        }
        ObjectNode body = call.bodyObject();
        for (Iterator<String> keys = body.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!key.equals("events")) {
                throw new InvalidInputException("Additional properties are not allowed ('" + key
                        + "' was unexpected)");
            }
        }
        JsonNode events = body.get("events");
        if (events == null) {
            throw new InvalidInputException("'events' is a required property");
        }
        if (!events.isArray() || events.isEmpty()) {
            throw new InvalidInputException("'events' must be a non-empty list of events, not " + events);
        }
        for (JsonNode event : events) {
            check(event);
        }
        for (JsonNode event : events) {
            LOG.log(System.Logger.Level.INFO, "Received external event: " + event);
        }
        call.noContent();
    }

    private static void check(JsonNode event) {
        if (!event.isObject()) {
            throw new InvalidInputException(event + " is not of type 'object'");
        }
        for (Iterator<String> keys = event.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!REQUIRED.contains(key) && !OPTIONAL.contains(key)) {
                throw new InvalidInputException("Additional properties are not allowed ('" + key + "' was unexpected)");
            }
        }
        for (String key : REQUIRED) {
            if (!event.has(key)) {
                throw new InvalidInputException("'" + key + "' is a required property");
            }
            if (!event.get(key).isTextual()) {
                throw new InvalidInputException("Invalid " + key + ": " + event.get(key) + " is not of type 'string'");
            }
        }
        String type = event.get("event").asText();
        if (!EVENT_TYPES.contains(type)) {
            throw new InvalidInputException("'" + type + "' is not one of " + EVENT_TYPES);
        }
        uuid(event, "port_id", false);
        if (!MAC.matcher(event.get("mac_address").asText()).matches()) {
            throw new InvalidInputException("'" + event.get("mac_address").asText() + "' is not a 'mac-address'");
        }
        uuid(event, "device_id", true);
        uuid(event, "binding:host_id", true);
        JsonNode vnicType = event.path("binding:vnic_type");
        if (!vnicType.isMissingNode() && !vnicType.isNull() && !vnicType.isTextual()) {
            throw new InvalidInputException("Invalid binding:vnic_type: " + vnicType + " is not of type 'string'");
        }
    }

    private static void uuid(JsonNode event, String key, boolean nullable) {
        JsonNode value = event.path(key);
        if (value.isMissingNode() || (nullable && value.isNull())) {
            return;
        }
        if (!value.isTextual()) {
            throw new InvalidInputException("Invalid " + key + ": " + value + " is not of type 'string'");
        }
        try {
            UUID parsed = UUID.fromString(value.asText());
            if (!parsed.toString().equalsIgnoreCase(value.asText())) {
                throw new IllegalArgumentException();
            }
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("'" + value.asText() + "' is not a 'uuid'");
        }
    }
}
