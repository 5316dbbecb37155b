package dev.ferrum.conductor.api.nodes;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.testing.FuzzMode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.json.WireJson;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@code PATCH /v1/nodes/{id}} runs the JSON-patch engine on anything an API user sends. Whatever
 * the patch, reading it, checking its paths, applying it to a node's document and building the
 * patched node either works or fails with {@link InvalidInputException} (Ironic's 400) or, for a change
 * the node's state forbids (protecting a node outside active/rescue), {@link ConflictException} (409); no
 * other exception escapes to become a 500.
 */
class JsonPatchFuzzTest {
    private static final ObjectMapper JSON = WireJson.newMapper();
    /** A node with nested dicts and lists, so patches can walk objects and arrays. */
    private static final String NODE = """
            {"driver": "fake-hardware", "name": "fuzz-node", "resource_class": "baremetal",
             "driver_info": {"ipmi_address": "192.0.2.1", "ipmi_password": "secret", "nested": {"list": [1, {"a": "b"}, []]}},
             "properties": {"cpus": 4, "capabilities": "boot_mode:uefi", "root_device": {"serial": "s1"}},
             "instance_info": {"image_source": "http://192.0.2.9/disk.raw", "image_checksum": "abc"},
             "extra": {"tags": ["a", "b"], "n": null}}""";
    /** Resolves interfaces as the registry does for a known driver; the engine, not the registry, is under test. */
    private static final NodeDocument.InterfaceResolver INTERFACES = (driver, requested) -> {
        if (!driver.equals("fake-hardware") && !driver.equals("ipmi")) {
            throw new InvalidInputException("No valid host was found: driver " + driver + " is not enabled.");
        }
        return requested;
    };
    private static Node node;

    @BeforeAll
    static void setUp() throws JsonProcessingException {
        FuzzMode.announce(JsonPatchFuzzTest.class);
        node = NodeDocument.fromCreate((ObjectNode) JSON.readTree(NODE), Instant.parse("2026-01-01T00:00:00Z"), INTERFACES);
    }

    @FuzzTest(maxDuration = "30s")
    void patchesAnyNode(byte[] body) {
        JsonNode document;
        try {
            document = JSON.readTree(body);
        } catch (java.io.IOException notJson) {
            return; // The API answers 400 before the engine runs.
        }
        if (document == null) {
            return;
        }
        try {
            JsonPatch patch = JsonPatch.parse(document);
            patch.operations().forEach(NodeDocument::checkPatchPath);
            ObjectNode patchable = NodeDocument.patchable(node);
            patch.applyTo(patchable);
            Set<String> touched = new HashSet<>();
            patch.operations().forEach(op -> touched.add(op.path().get(0)));
            NodeDocument.fromPatched(node, patchable, touched, INTERFACES);
        } catch (InvalidInputException refused) {
            // Ironic's 400: the documented answer to a patch that can not apply.
        } catch (ConflictException refusedInThisState) {
            // Ironic's 409: a field the node's state does not let change.
        }
    }
}
