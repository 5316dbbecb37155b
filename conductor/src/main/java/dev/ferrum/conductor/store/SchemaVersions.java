package dev.ferrum.conductor.store;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether a database already has every migration this build carries, read without starting Flyway: its
 * configuration, plugin discovery, validation and lock cost a good part of a conductor's start, and on all but the
 * first start after an upgrade they find nothing to do. Versions only: a migration is never edited once released,
 * and whenever the versions differ Flyway runs in full (validating checksums as ever).
 */
final class SchemaVersions {
    private static final Pattern MIGRATION = Pattern.compile("V(\\d+(?:[._]\\d+)*)__[^/]*\\.sql");

    private SchemaVersions() {
    }

    /** Whether {@code connection}'s schema history lists exactly the versions this build's migrations for {@code dialect} have. */
    static boolean upToDate(Connection connection, Dialect dialect) {
        Set<String> bundled = bundled(dialect);
        return !bundled.isEmpty() && bundled.equals(applied(connection));
    }

    /** The versions the migration folders of {@code dialect} hold, as Flyway writes them ("1", "2.1"). */
    static Set<String> bundled(Dialect dialect) {
        Set<String> versions = new HashSet<>();
        for (String location : dialect.migrationLocations()) {
            String folder = location.substring("classpath:".length()) + "/";
            for (String name : resourceNames(folder)) {
                Matcher matcher = MIGRATION.matcher(name);
                if (matcher.matches()) {
                    versions.add(matcher.group(1).replace('_', '.'));
                }
            }
        }
        return versions;
    }

    /** The versions successfully applied to {@code connection}'s schema; none when it has no history yet. */
    static Set<String> applied(Connection connection) {
        Set<String> versions = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT version FROM flyway_schema_history WHERE success AND version IS NOT NULL")) {
            while (rows.next()) {
                versions.add(rows.getString(1));
            }
        } catch (SQLException e) {
            // No history table (a new database) or one this code cannot read: Flyway decides.
            return Set.of();
        }
        return versions;
    }

    /** The file names directly in {@code folder} of the jar or directory this class was loaded from. */
    private static Set<String> resourceNames(String folder) {
        CodeSource code = SchemaVersions.class.getProtectionDomain().getCodeSource();
        Set<String> names = new HashSet<>();
        try {
            Path source = Path.of(code.getLocation().toURI());
            if (Files.isDirectory(source)) {
                Path dir = source.resolve(folder);
                if (Files.isDirectory(dir)) {
                    try (Stream<Path> files = Files.list(dir)) {
                        files.forEach(file -> names.add(file.getFileName().toString()));
                    }
                }
            } else {
                try (JarFile jar = new JarFile(source.toFile())) {
                    jar.stream().map(JarEntry::getName)
                            .filter(name -> name.startsWith(folder) && name.indexOf('/', folder.length()) < 0)
                            .forEach(name -> names.add(name.substring(folder.length())));
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // Unreadable here (an unusual class loader): none found, so Flyway runs and decides as it always did.
            return Set.of();
        }
        return names;
    }
}
