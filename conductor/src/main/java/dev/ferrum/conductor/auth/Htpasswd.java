package dev.ferrum.conductor.auth;

import at.favre.lib.crypto.bcrypt.BCrypt;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An Apache htpasswd file as Ironic's {@code http_basic} reads it: {@code user:hash} lines, bcrypt hashes only
 * ({@code $2y$}, {@code $2b$}, {@code $2a$}, as {@code htpasswd -B} writes them); blank lines and {@code #}
 * comments are skipped.
 */
public final class Htpasswd {
    private final Map<String, String> hashes;
    /** A hash of nothing anyone knows, checked for unknown users so their answer takes as long. */
    private final byte[] decoy;

    private Htpasswd(Map<String, String> hashes) {
        this.hashes = Map.copyOf(hashes);
        this.decoy = BCrypt.withDefaults().hash(DECOY_COST, new byte[16], "decoy".getBytes(StandardCharsets.UTF_8));
    }

    /** Parses {@code text}; {@code source} names the file in errors. */
    public static Htpasswd parse(String text, String source) {
        Map<String, String> hashes = new LinkedHashMap<>();
        int number = 0;
        for (String raw : text.split("\n", -1)) {
            number++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new AuthFileException(source + " line " + number + ": expected USER:HASH");
            }
            String user = line.substring(0, colon);
            String hash = line.substring(colon + 1);
            if (!(hash.startsWith("$2y$") || hash.startsWith("$2b$") || hash.startsWith("$2a$"))
                    || hash.length() != 60) {
                throw new AuthFileException(source + " line " + number + ": user " + user
                        + " has no bcrypt hash; only bcrypt is accepted, write it with htpasswd -B");
            }
            if (hashes.putIfAbsent(user, hash) != null) {
                throw new AuthFileException(source + " line " + number + ": user " + user + " appears twice");
            }
        }
        return new Htpasswd(hashes);
    }

    /** The user if {@code password} matches its hash; empty for an unknown user or a wrong password. */
    public Optional<String> verify(String user, String password) {
        String hash = hashes.get(user);
        if (hash == null) {
            // Spend the same work on an unknown user so timing does not tell which names exist.
            BCrypt.verifyer().verify(password.getBytes(StandardCharsets.UTF_8), decoy);
            return Optional.empty();
        }
        boolean ok = BCrypt.verifyer().verify(password.getBytes(StandardCharsets.UTF_8),
                hash.getBytes(StandardCharsets.UTF_8)).verified;
        return ok ? Optional.of(user) : Optional.empty();
    }

    public int size() {
        return hashes.size();
    }

    private static final int DECOY_COST = 10;
}
