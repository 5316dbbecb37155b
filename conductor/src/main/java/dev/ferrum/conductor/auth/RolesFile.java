package dev.ferrum.conductor.auth;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which grant each htpasswd user has, one user a line: {@code USER system ROLE} or
 * {@code USER project PROJECT-ID ROLE}, with ROLE one of reader, member, manager, admin; blank lines and
 * {@code #} comments are skipped. A user the file does not name is authenticated but granted nothing.
 */
public final class RolesFile {
    private final Map<String, Grant> grants;

    private RolesFile(Map<String, Grant> grants) {
        this.grants = Map.copyOf(grants);
    }

    /** Parses {@code text}; {@code source} names the file in errors. */
    public static RolesFile parse(String text, String source) {
        Map<String, Grant> grants = new LinkedHashMap<>();
        int number = 0;
        for (String raw : text.split("\n", -1)) {
            number++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.split("\\s+");
            String where = source + " line " + number + ": ";
            Grant grant;
            if (words.length == 3 && words[1].equals("system")) {
                grant = new Grant(new Scope.System(), role(words[2], where));
            } else if (words.length == 4 && words[1].equals("project")) {
                grant = new Grant(new Scope.Project(words[2]), role(words[3], where));
            } else {
                throw new AuthFileException(where + "expected 'USER system ROLE' or 'USER project PROJECT-ID ROLE',"
                        + " got '" + line + "'");
            }
            if (grants.putIfAbsent(words[0], grant) != null) {
                throw new AuthFileException(where + "user " + words[0] + " appears twice; give each user one line");
            }
        }
        return new RolesFile(grants);
    }

    private static Role role(String name, String where) {
        return Role.named(name).orElseThrow(() -> new AuthFileException(where + "unknown role '" + name
                + "'; use reader, member, manager or admin"));
    }

    public Optional<Grant> grantOf(String user) {
        return Optional.ofNullable(grants.get(user));
    }
}
