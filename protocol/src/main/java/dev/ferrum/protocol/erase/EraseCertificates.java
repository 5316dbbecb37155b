package dev.ferrum.protocol.erase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireJson;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;

/**
 * The signed erase certificate document and its checks. A document is
 * {@code {"format": "ferrum-erase-certificate/1", "certificate": {...}, "signature": {"algorithm":
 * "Ed25519", "key_id": ..., "value": ...}}}; the signature covers the UTF-8 bytes of the
 * certificate object in canonical form (keys sorted, no whitespace), and the key that verifies it is
 * the certificate's own {@code agent_public_key} (base64 X.509 SubjectPublicKeyInfo).
 */
public final class EraseCertificates {
    public static final String FORMAT = "ferrum-erase-certificate/1";
    public static final String ALGORITHM = "Ed25519";

    private final ObjectMapper wire = WireJson.newMapper();
    private final ObjectMapper canonical = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    /** What checking a document found: {@code verified} only when every check passed, else {@code problem}. */
    public record Check(boolean verified, String keyId, String problem) {
    }

    /** A fresh Ed25519 key pair for an agent process. */
    public static KeyPair newKeyPair() {
        try {
            return java.security.KeyPairGenerator.getInstance(ALGORITHM).generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JDK offers no Ed25519", e);
        }
    }

    /** The base64 SubjectPublicKeyInfo of {@code key}, as certificates carry it. */
    public static String encodeKey(PublicKey key) {
        return Base64.getEncoder().encodeToString(key.getEncoded());
    }

    /** The key's id: the first 16 bytes of the SHA-256 of its SubjectPublicKeyInfo, in hex. */
    public static String keyId(String encodedKey) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Base64.getDecoder().decode(encodedKey));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new WireFormatException("agent_public_key is not base64: " + e.getMessage());
        }
    }

    /**
     * Signs {@code certificate} with {@code keys}; the certificate must name {@code keys}' public key.
     *
     * @return the signed document
     */
    public ObjectNode sign(EraseCertificate certificate, KeyPair keys) {
        if (!certificate.agentPublicKey().equals(encodeKey(keys.getPublic()))) {
            throw new IllegalArgumentException("the certificate names another key than the one signing it");
        }
        JsonNode body = wire.valueToTree(certificate);
        try {
            Signature signer = Signature.getInstance(ALGORITHM);
            signer.initSign(keys.getPrivate());
            signer.update(canonicalBytes(body));
            ObjectNode document = JsonNodeFactory.instance.objectNode();
            document.put("format", FORMAT);
            document.set("certificate", body);
            ObjectNode signature = document.putObject("signature");
            signature.put("algorithm", ALGORITHM);
            signature.put("key_id", keyId(certificate.agentPublicKey()));
            signature.put("value", Base64.getEncoder().encodeToString(signer.sign()));
            return document;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign an erase certificate: " + e.getMessage(), e);
        }
    }

    /** Checks a signed document: its format, that the signature verifies under the key it names. */
    public Check verify(JsonNode document) {
        JsonNode body = document.path("certificate");
        String encodedKey = body.path("agent_public_key").asText("");
        String keyId = encodedKey.isEmpty() ? "" : safeKeyId(encodedKey);
        if (!FORMAT.equals(document.path("format").asText())) {
            return new Check(false, keyId, "format is not " + FORMAT);
        }
        if (!body.isObject() || encodedKey.isEmpty()) {
            return new Check(false, keyId, "no certificate with an agent_public_key");
        }
        JsonNode signature = document.path("signature");
        if (!ALGORITHM.equals(signature.path("algorithm").asText())) {
            return new Check(false, keyId, "signature algorithm is not " + ALGORITHM);
        }
        try {
            PublicKey key = KeyFactory.getInstance(ALGORITHM)
                    .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(encodedKey)));
            Signature verifier = Signature.getInstance(ALGORITHM);
            verifier.initVerify(key);
            verifier.update(canonicalBytes(body));
            if (!verifier.verify(Base64.getDecoder().decode(signature.path("value").asText("")))) {
                return new Check(false, keyId, "the signature does not match the certificate");
            }
            return new Check(true, keyId, "");
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return new Check(false, keyId, "cannot check the signature: " + e.getMessage());
        }
    }

    /** Reads the certificate part of a document. */
    public EraseCertificate certificateOf(JsonNode document) {
        return WireJson.convert(wire, document.path("certificate"), EraseCertificate.class);
    }

    /** The bytes a signature covers: the object with its keys sorted at every level, no whitespace. */
    public byte[] canonicalBytes(JsonNode body) {
        try {
            return canonical.writeValueAsString(sorted(body)).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new WireFormatException("cannot serialize a certificate: " + e.getOriginalMessage());
        }
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            Iterator<String> it = node.fieldNames();
            it.forEachRemaining(names::add);
            names.sort(String::compareTo);
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            names.forEach(n -> out.set(n, sorted(node.get(n))));
            return out;
        }
        if (node.isArray()) {
            var out = JsonNodeFactory.instance.arrayNode();
            node.forEach(e -> out.add(sorted(e)));
            return out;
        }
        return node;
    }

    private static String safeKeyId(String encodedKey) {
        try {
            return keyId(encodedKey);
        } catch (WireFormatException e) {
            return "";
        }
    }
}
