package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Scripted tools whose erase commands act on the fixture disk file as a drive would: fill it with
 * zeros or 0xFF (block erase), with noise (crypto erase), or leave it alone (a drive that lies).
 * Commands may also answer a sequence (a sanitize log that reads "running" before "completed").
 */
final class ErasingTools implements CommandRunner {
    private final FakeCommandRunner scripted = new FakeCommandRunner();
    private final Map<List<String>, Runnable> effects = new HashMap<>();
    private final Map<List<String>, Deque<CommandResult>> sequences = new HashMap<>();

    ErasingTools answer(List<String> argv, String stdout) {
        scripted.answer(argv, stdout);
        return this;
    }

    ErasingTools answer(List<String> argv, CommandResult result) {
        scripted.answer(argv, result);
        return this;
    }

    /** Answers {@code argv} with {@code results} in turn, the last one from then on. */
    ErasingTools answerInTurn(List<String> argv, String... stdouts) {
        Deque<CommandResult> queue = new ArrayDeque<>();
        Arrays.stream(stdouts).forEach(o -> queue.add(new CommandResult(0, o, "")));
        sequences.put(List.copyOf(argv), queue);
        scripted.answer(argv, queue.getLast());
        return this;
    }

    /** When {@code argv} runs successfully, the drive at {@code disk} ends up filled with {@code value}. */
    ErasingTools fills(List<String> argv, Path disk, int value) {
        effects.put(List.copyOf(argv), () -> {
            try {
                byte[] data = new byte[(int) Files.size(disk)];
                Arrays.fill(data, (byte) value);
                Files.write(disk, data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    /** When {@code argv} runs successfully, the drive at {@code disk} reads back as noise (a new media key). */
    ErasingTools scrambles(List<String> argv, Path disk) {
        effects.put(List.copyOf(argv), () -> {
            try {
                byte[] data = new byte[(int) Files.size(disk)];
                new SplittableRandom(99).nextBytes(data);
                Files.write(disk, data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        return this;
    }

    List<List<String>> calls() {
        return scripted.calls();
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        CommandResult result = scripted.run(argv, timeout);
        Deque<CommandResult> queue = sequences.get(argv);
        if (queue != null && queue.size() > 1) {
            result = queue.poll();
        }
        if (result.succeeded()) {
            effects.getOrDefault(argv, () -> { }).run();
        }
        return result;
    }

    @Override
    public boolean isAvailable(String program) {
        return scripted.isAvailable(program);
    }
}
