package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import java.util.List;
import java.util.Locale;

/**
 * Which free-form keys hold secrets, and how they leave the conductor: BMC passwords and keys in
 * {@code driver_info}, the config drive in {@code instance_info}, all read {@value #MASK} on output.
 */
public final class Secrets {
    /** What the API shows instead of a secret, as Ironic does. */
    public static final String MASK = "******";

    private static final List<String> SECRET_PARTS = List.of("password", "passwd", "secret", "token",
            "passphrase", "private_key", "configdrive");

    private Secrets() {
    }

    /**
     * Whether a key names a secret: it contains password, passwd, secret, token, passphrase,
     * private_key or configdrive, or ends in {@code _key} or {@code _pass} (SNMP and IPMI keys).
     */
    public static boolean isSecretKey(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return SECRET_PARTS.stream().anyMatch(lower::contains) || lower.endsWith("_key") || lower.endsWith("_pass");
    }

    /** {@code dict} with every secret value masked, at any depth. */
    public static JsonDict mask(JsonDict dict) {
        return dict.masked(Secrets::isSecretKey, MASK);
    }
}
