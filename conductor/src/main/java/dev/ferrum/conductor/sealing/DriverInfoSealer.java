package dev.ferrum.conductor.sealing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Secrets;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals the secret values of a node's {@code driver_info} (keys {@link Secrets#isSecretKey} names, at any
 * depth) for storage and opens them again on read. A sealed value is stored as
 * <pre>{"ferrum-enc": "v1:&lt;key id&gt;:&lt;base64 nonce&gt;:&lt;base64 ciphertext+tag&gt;"}</pre>
 * where the plaintext is the value's JSON text, sealed with AES-256-GCM under a fresh 96-bit nonce and
 * the node uuid plus key name as associated data, so a value copied to another node or key does not open.
 * Without a current key values pass through in clear; a sealed value then fails to open, loudly.
 */
public final class DriverInfoSealer {
    /** The one field of a stored sealed value. */
    public static final String ENVELOPE_FIELD = "ferrum-enc";

    private static final String VERSION = "v1";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SealingKeys keys;
    private final SecureRandom random;
    private final ObjectMapper json = JsonMapper.builder().build();

    public DriverInfoSealer(SealingKeys keys, SecureRandom random) {
        this.keys = keys;
        this.random = random;
    }

    /** A sealer with the system's strong random source. */
    public static DriverInfoSealer of(SealingKeys keys) {
        return new DriverInfoSealer(keys, new SecureRandom());
    }

    /** A sealer that stores secrets in clear. */
    public static DriverInfoSealer clear() {
        return of(SealingKeys.none());
    }

    public SealingKeys keys() {
        return keys;
    }

    /** {@code plain} as the store keeps it: every secret value sealed with the current key, if there is one. */
    public JsonDict seal(UUID node, JsonDict plain) {
        ObjectNode copy = plain.toObjectNode();
        walk(copy, (parent, key, value) -> {
            if (keys.current().isEmpty()) {
                if (isEnvelope(value)) {
                    throw new InvalidInputException("driver_info." + key + " looks like a value encrypted by Ferrum ("
                            + ENVELOPE_FIELD + "), but this conductor stores secrets in clear; send the secret itself.");
                }
                return;
            }
            parent.set(key, json.getNodeFactory().objectNode()
                    .put(ENVELOPE_FIELD, sealValue(keys.current().get(), node, key, value)));
        });
        return JsonDict.of(copy);
    }

    /** {@code stored} with every sealed value opened; a value that cannot be opened is a {@link SealingException}. */
    public JsonDict open(UUID node, JsonDict stored) {
        ObjectNode copy = stored.toObjectNode();
        walk(copy, (parent, key, value) -> {
            if (isEnvelope(value)) {
                parent.set(key, openValue(node, key, value.get(ENVELOPE_FIELD).asText()));
            }
        });
        return JsonDict.of(copy);
    }

    /**
     * Whether {@code stored} holds a secret not sealed with the current key (in clear, or with an old key):
     * what a rotation rewrites. Always false without a current key.
     */
    public boolean needsResealing(JsonDict stored) {
        if (keys.current().isEmpty()) {
            return false;
        }
        String prefix = VERSION + ":" + keys.current().get().id() + ":";
        List<Boolean> stale = new ArrayList<>();
        walk(stored.toObjectNode(), (parent, key, value) -> {
            if (!isEnvelope(value) || !value.get(ENVELOPE_FIELD).asText().startsWith(prefix)) {
                stale.add(true);
            }
        });
        return !stale.isEmpty();
    }

    private String sealValue(SealingKey key, UUID node, String name, JsonNode value) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key.secretKey(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData(node, name));
            byte[] sealed = cipher.doFinal(json.writeValueAsBytes(value));
            Base64.Encoder b64 = Base64.getEncoder();
            return String.join(":", VERSION, key.id(), b64.encodeToString(nonce), b64.encodeToString(sealed));
        } catch (GeneralSecurityException | JsonProcessingException e) {
            throw new IllegalStateException("AES-256-GCM is part of every Java runtime", e);
        }
    }

    private JsonNode openValue(UUID node, String name, String envelope) {
        String[] parts = envelope.split(":", -1);
        if (parts.length != 4 || !VERSION.equals(parts[0])) {
            throw new SealingException("node=" + node + " driver_info." + name + " holds an encrypted value in a form"
                    + " this conductor does not know (" + (parts.length > 0 ? parts[0] : "") + "); set the secret again.");
        }
        String keyId = parts[1];
        if (keys.current().isEmpty()) {
            throw new SealingException("node=" + node + " driver_info." + name + " is encrypted (key " + keyId
                    + ") but this conductor was started without --secrets-key-file; start it with that key file.");
        }
        Optional<SealingKey> key = keys.byId(keyId);
        if (key.isEmpty()) {
            throw new SealingException("node=" + node + " driver_info." + name + " is encrypted with key " + keyId
                    + ", which is neither --secrets-key-file nor a --secrets-old-key-file; add that key file.");
        }
        try {
            Base64.Decoder b64 = Base64.getDecoder();
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key.get().secretKey(), new GCMParameterSpec(TAG_BITS, b64.decode(parts[2])));
            cipher.updateAAD(associatedData(node, name));
            return json.readTree(cipher.doFinal(b64.decode(parts[3])));
        } catch (AEADBadTagException | IllegalArgumentException e) {
            throw new SealingException("node=" + node + " driver_info." + name + " does not decrypt with key " + keyId
                    + " (altered, or copied from another node); set the secret again.", e);
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new SealingException("node=" + node + " driver_info." + name + " could not be decrypted: "
                    + e.getClass().getSimpleName() + "; set the secret again.", e);
        }
    }

    private static byte[] associatedData(UUID node, String name) {
        return (node + "/" + name).getBytes(StandardCharsets.UTF_8);
    }

    private static boolean isEnvelope(JsonNode value) {
        return value.isObject() && value.size() == 1 && value.path(ENVELOPE_FIELD).isTextual();
    }

    @FunctionalInterface
    private interface SecretVisitor {
        void visit(ObjectNode parent, String key, JsonNode value);
    }

    /** Calls {@code visitor} for every non-null value under a secret key, at any depth, without descending into it. */
    private static void walk(JsonNode node, SecretVisitor visitor) {
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            object.fields().forEachRemaining(fields::add);
            for (Map.Entry<String, JsonNode> field : fields) {
                if (Secrets.isSecretKey(field.getKey()) && !field.getValue().isNull()) {
                    visitor.visit(object, field.getKey(), field.getValue());
                } else {
                    walk(field.getValue(), visitor);
                }
            }
        } else if (node instanceof ArrayNode array) {
            array.forEach(element -> walk(element, visitor));
        }
    }
}
