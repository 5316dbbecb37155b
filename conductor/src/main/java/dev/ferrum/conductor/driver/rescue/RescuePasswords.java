package dev.ferrum.conductor.driver.rescue;

import dev.ferrum.conductor.json.JsonDict;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.commons.codec.digest.Sha2Crypt;

/**
 * The rescue password as the conductor keeps it: only its crypt(3) hash, in
 * {@code instance_info.hashed_rescue_password}, while a rescue is under way. The clear password never
 * reaches the store, a log or the agent (Ironic stores both; Ferrum keeps only what the agent needs). The
 * hash is SHA-256 crypt ({@code $5$}), Ironic's default {@code rescue_password_hash_algorithm}, which the
 * ramdisk's {@code /etc/shadow} understands.
 */
public final class RescuePasswords {
    /** Where the hash waits for the agent, as Ironic names it. */
    public static final String HASHED = "hashed_rescue_password";
    /** Ironic's clear-text key; never written by Ferrum, removed wherever it is found. */
    public static final String CLEAR = "rescue_password";

    private RescuePasswords() {
    }

    /** The SHA-256 crypt hash of {@code password} with a fresh 16-character salt drawn from {@code random}. */
    public static String hash(String password, Random random) {
        return Sha2Crypt.sha256Crypt(password.getBytes(StandardCharsets.UTF_8), null, random);
    }

    /** {@code info} with the hash stored for a rescue that is starting (and no clear password). */
    public static JsonDict withHash(JsonDict info, String hash) {
        return info.without(CLEAR).with(HASHED, hash);
    }

    /** {@code info} without any rescue password, once the rescue ended one way or another. */
    public static JsonDict without(JsonDict info) {
        return info.without(CLEAR).without(HASHED);
    }
}
