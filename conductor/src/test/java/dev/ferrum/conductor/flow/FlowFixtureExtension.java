package dev.ferrum.conductor.flow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Owns what a flow test starts around its {@link FlowFixture}: the test's own directory, the conductor, its
 * database (SQLite there, or a PostgreSQL schema) and the fake agents; after each test it stops them all, even
 * when the test or one of the closes failed, the agents first (no command is in flight when the conductor stops),
 * the database and the directory last. Register it on an instance field,
 * {@code @RegisterExtension final FlowFixtureExtension flow = new FlowFixtureExtension();}, declared before the
 * fields that call it (a test whose every method wants the same conductor starts it in a field initializer); the
 * test's own {@code @AfterEach} methods run before this one, so what they close goes before the conductor.
 */
final class FlowFixtureExtension implements AfterEachCallback {
    private Optional<Path> temp = Optional.empty();
    private Optional<FlowFixture> conductor = Optional.empty();
    private Optional<FlowDatabase> database = Optional.empty();
    private final List<FakeAgent> agents = new ArrayList<>();

    /** A conductor with {@code config} on SQLite in this test's directory. */
    FlowFixture start(FlowConfig config) {
        return start(dir -> new FlowFixture(dir, config));
    }

    /**
     * The conductor {@code make} builds in this test's directory, for the fixtures with other ramdisk, BIOS,
     * inspection or API settings; one at a time ({@link #stop} ends it early).
     */
    FlowFixture start(Function<Path, FlowFixture> make) {
        if (conductor.isPresent()) {
            throw new IllegalStateException("this test already started its conductor");
        }
        FlowFixture started = make.apply(temp());
        conductor = Optional.of(started);
        return started;
    }

    /**
     * A conductor with {@code config} on {@code kind}: {@link FlowDatabase#SQLITE} in this test's directory, or
     * {@link FlowDatabase#POSTGRESQL} in a fresh schema (the test is skipped without a server, as
     * {@link FlowDatabase#of} says).
     */
    FlowFixture startOn(String kind, FlowConfig config) {
        if (database.isPresent()) {
            throw new IllegalStateException("this test already opened its database");
        }
        FlowDatabase opened = FlowDatabase.of(kind, temp());
        database = Optional.of(opened);
        return start(dir -> new FlowFixture(opened.config(), config));
    }

    /** Stops the conductor now, so that the test can start another on the same directory and database. */
    void stop() {
        conductor.ifPresent(FlowFixture::close);
        conductor = Optional.empty();
    }

    /** A new fake agent on loopback, stopped after the test. */
    FakeAgent agent() {
        FakeAgent agent = new FakeAgent();
        agents.add(agent);
        return agent;
    }

    /** This test's directory, made on first use and deleted after the test. */
    Path temp() {
        if (temp.isEmpty()) {
            try {
                temp = Optional.of(Files.createTempDirectory("ferrum-flow-"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return temp.get();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        List<Runnable> stops = new ArrayList<>();
        agents.forEach(agent -> stops.add(agent::close));
        conductor.ifPresent(fixture -> stops.add(fixture::close));
        database.ifPresent(opened -> stops.add(opened::close));
        temp.ifPresent(dir -> stops.add(() -> delete(dir)));
        agents.clear();
        conductor = Optional.empty();
        database = Optional.empty();
        temp = Optional.empty();
        RuntimeException first = null;
        for (Runnable stop : stops) {
            try {
                stop.run();
            } catch (RuntimeException failed) {
                if (first == null) {
                    first = failed;
                } else {
                    first.addSuppressed(failed);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the flow test's directory " + dir, e);
        }
    }
}
