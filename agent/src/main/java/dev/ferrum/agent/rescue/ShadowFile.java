package dev.ferrum.agent.rescue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code /etc/shadow} text with root's password hash replaced (or root's line added): pure text in, text
 * out. A hash that is not a SHA-crypt string is refused, since anything else could break the file's
 * colon-separated fields or log nobody in.
 */
public final class ShadowFile {
    /** {@code $5$} (SHA-256) or {@code $6$} (SHA-512) crypt, optional rounds, salt and hash in crypt's alphabet. */
    private static final Pattern SHA_CRYPT = Pattern.compile("\\$[56]\\$(rounds=\\d+\\$)?[./0-9A-Za-z]{1,16}\\$[./0-9A-Za-z]{43,86}");

    private ShadowFile() {
    }

    /** Whether {@code hash} is a SHA-256 or SHA-512 crypt string, the forms Ironic sends. */
    public static boolean isShaCrypt(String hash) {
        return SHA_CRYPT.matcher(hash).matches();
    }

    /**
     * {@code existing} (empty when there is no shadow file yet) with root's hash set to {@code hash} and its
     * last change to {@code daysSinceEpoch}; other users' lines are kept as they are.
     */
    public static String withRootPassword(Optional<String> existing, String hash, long daysSinceEpoch) {
        if (!isShaCrypt(hash)) {
            throw new IllegalArgumentException("not a SHA-crypt hash");
        }
        String rootLine = "root:" + hash + ":" + daysSinceEpoch + ":0:99999:7:::";
        List<String> lines = new ArrayList<>();
        boolean replaced = false;
        for (String line : existing.orElse("").split("\n", -1)) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("root:")) {
                if (!replaced) {
                    lines.add(rootLine);
                    replaced = true;
                }
                continue;
            }
            lines.add(line);
        }
        if (!replaced) {
            lines.addFirst(rootLine);
        }
        return String.join("\n", lines) + "\n";
    }
}
