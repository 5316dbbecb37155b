package dev.ferrum.conductor.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The users of {@code http_basic}: an htpasswd file and a roles file, read when built and read again when
 * either changes (size or modification time), so users are added or revoked without a restart. A changed file
 * that no longer parses is refused with one log line and the last good pair stays in force.
 */
public final class UserDirectory {
    private static final System.Logger LOG = System.getLogger(UserDirectory.class.getName());

    private final Path htpasswdFile;
    private final Path rolesFile;
    private volatile Loaded loaded;
    /** The file versions last refused, so a broken edit is reported once, not on every request. */
    private volatile List<Stamp> refused = List.of();

    private record Stamp(long size, FileTime modified) {
    }

    private record Loaded(Stamp users, Stamp roles, Htpasswd htpasswd, RolesFile grants) {
    }

    /** Reads both files now; an unreadable or malformed file is an {@link AuthFileException}. */
    public UserDirectory(Path htpasswdFile, Path rolesFile) {
        this.htpasswdFile = Objects.requireNonNull(htpasswdFile, "htpasswdFile");
        this.rolesFile = Objects.requireNonNull(rolesFile, "rolesFile");
        this.loaded = load();
    }

    /** The caller {@code user} is when {@code password} is right; empty otherwise. */
    public Optional<Caller> authenticate(String user, String password) {
        Loaded current = current();
        return current.htpasswd().verify(user, password).map(name -> new Caller(name, current.grants().grantOf(name)));
    }

    private Loaded current() {
        Loaded current = loaded;
        try {
            List<Stamp> now = List.of(stamp(htpasswdFile), stamp(rolesFile));
            if (now.equals(List.of(current.users(), current.roles())) || now.equals(refused)) {
                return current;
            }
            synchronized (this) {
                if (loaded != current) {
                    return loaded;
                }
                Loaded fresh = load();
                loaded = fresh;
                LOG.log(System.Logger.Level.INFO, "re-read " + htpasswdFile + " and " + rolesFile);
                return fresh;
            }
        } catch (AuthFileException e) {
            // Logged once per broken version of the files; the last good users stay in force.
            List<Stamp> now = stampsOrEmpty();
            if (!now.equals(refused)) {
                refused = now;
                LOG.log(System.Logger.Level.ERROR, "kept the previous users: " + e.getMessage());
            }
            return current;
        }
    }

    private List<Stamp> stampsOrEmpty() {
        try {
            return List.of(stamp(htpasswdFile), stamp(rolesFile));
        } catch (AuthFileException e) {
            return List.of();
        }
    }

    private Loaded load() {
        Stamp users = stamp(htpasswdFile);
        Stamp roles = stamp(rolesFile);
        return new Loaded(users, roles, Htpasswd.parse(read(htpasswdFile), htpasswdFile.toString()),
                RolesFile.parse(read(rolesFile), rolesFile.toString()));
    }

    private static Stamp stamp(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new AuthFileException(file + (Files.exists(file) ? " is not a file" : " does not exist"));
        }
        try {
            return new Stamp(Files.size(file), Files.getLastModifiedTime(file));
        } catch (IOException e) {
            throw new AuthFileException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AuthFileException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "UserDirectory[" + htpasswdFile + ", " + rolesFile + "]";
    }
}
