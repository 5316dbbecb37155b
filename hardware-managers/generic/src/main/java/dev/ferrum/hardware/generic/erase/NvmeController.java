package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The erase-related capabilities of an NVMe controller, from {@code nvme id-ctrl <dev> -o json}:
 * OACS (bit 1: Format NVM supported), FNA (bit 0: format applies to all namespaces, bit 1: secure
 * erase applies to all namespaces, bit 2: cryptographic erase supported) and SANICAP (sanitize
 * support: bit 0 crypto, bit 1 block erase, bit 2 overwrite), as the raw field values.
 */
public record NvmeController(int oacs, int fna, int sanicap) {

    /** The controller implements the Format NVM command. */
    public boolean formatSupported() {
        return (oacs & 0b10) != 0;
    }

    /** Format NVM may use Secure Erase Setting 2 (cryptographic erase). */
    public boolean cryptoEraseSupported() {
        return (fna & 0b100) != 0;
    }

    /** A format or secure erase of one namespace also hits the controller's other namespaces. */
    public boolean eraseSpansAllNamespaces() {
        return (fna & 0b11) != 0;
    }

    /** The controller supports Sanitize with the cryptographic erase action (SANICAP bit 0). */
    public boolean sanitizeCryptoSupported() {
        return (sanicap & 0b1) != 0;
    }

    /** The controller supports Sanitize with the block erase action (SANICAP bit 1). */
    public boolean sanitizeBlockEraseSupported() {
        return (sanicap & 0b10) != 0;
    }

    /** The controller supports Sanitize with the overwrite action (SANICAP bit 2). */
    public boolean sanitizeOverwriteSupported() {
        return (sanicap & 0b100) != 0;
    }

    /**
     * Parses nvme-cli's JSON; numbers may be plain or, in some versions, hex strings.
     *
     * @throws DiskEraseException when the text is not id-ctrl JSON, so the caller can say why
     */
    public static NvmeController parseIdCtrlJson(String json) {
        JsonNode root;
        try {
            // A local mapper: parsing a few hundred bytes once per disk does not need a shared one.
            root = JsonMapper.builder().build().readTree(json);
        } catch (JsonProcessingException e) {
            throw new DiskEraseException("nvme id-ctrl printed no JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || !root.has("oacs")) {
            throw new DiskEraseException("nvme id-ctrl JSON has no oacs field; not a controller description");
        }
        return new NvmeController(number(root, "oacs"), number(root, "fna"), number(root, "sanicap"));
    }

    private static int number(JsonNode root, String field) {
        JsonNode value = root.path(field);
        if (value.isIntegralNumber()) {
            return value.intValue();
        }
        if (value.isTextual()) {
            String text = value.textValue().strip().toLowerCase(java.util.Locale.ROOT);
            try {
                return text.startsWith("0x") ? Integer.parseInt(text.substring(2), 16) : Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new DiskEraseException("nvme id-ctrl field " + field + " is not a number: " + value, e);
            }
        }
        return 0; // absent: the capability is not advertised
    }
}
