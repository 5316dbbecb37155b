package dev.ferrum.hardware.generic.erase;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The Sanitize Status log page from {@code nvme sanitize-log <dev> -o json}: SSTAT's status (bits
 * 2:0: 0 never sanitized, 1 completed, 2 in progress, 3 failed, 4 completed without deallocation)
 * and SPROG, the progress in 1/65536ths. nvme-cli 1.x prints the fields at the top level with SSTAT
 * as a number; 2.x nests them under the device name with SSTAT as an object holding {@code status}.
 */
record NvmeSanitizeLog(int status, int progress) {

    SanitizeState state() {
        return switch (status) {
            case 1, 4 -> SanitizeState.COMPLETED;
            case 2 -> SanitizeState.RUNNING;
            case 3 -> SanitizeState.FAILED;
            default -> SanitizeState.IDLE;
        };
    }

    /** Progress in percent (SPROG is 65535 when no sanitize is running). */
    int percent() {
        return (int) (progress * 100L / 65536);
    }

    /** @throws DiskEraseException when the text holds no sanitize log */
    static NvmeSanitizeLog parseJson(String json) {
        JsonNode root;
        try {
            root = JsonMapper.builder().build().readTree(json);
        } catch (JsonProcessingException e) {
            throw new DiskEraseException("nvme sanitize-log printed no JSON: " + e.getOriginalMessage(), e);
        }
        JsonNode log = find(root);
        if (log == null) {
            throw new DiskEraseException("nvme sanitize-log JSON has no sstat field");
        }
        JsonNode sstat = log.get("sstat");
        int status = sstat.isObject() ? sstat.path("status").asInt(0) : sstat.asInt(0) & 0b111;
        return new NvmeSanitizeLog(status, log.path("sprog").asInt(0xFFFF));
    }

    private static JsonNode find(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        if (node.has("sstat")) {
            return node;
        }
        for (JsonNode child : node) {
            JsonNode found = find(child);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
