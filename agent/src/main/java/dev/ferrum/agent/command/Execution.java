package dev.ferrum.agent.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.command.CommandError;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One run of a command: its identity, its parameters, and its outcome once finished. While it
 * runs, {@link #result()} shows the handler's progress as the result document.
 */
public final class Execution {
    private final String id;
    private final CommandDefinition definition;
    private final ObjectNode params;
    private final CommandProgress progress = new CommandProgress();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile CommandResult outcome;

    Execution(String id, CommandDefinition definition, ObjectNode params) {
        this.id = id;
        this.definition = definition;
        this.params = params;
    }

    public String id() {
        return id;
    }

    public CommandDefinition definition() {
        return definition;
    }

    public ObjectNode params() {
        return params;
    }

    CommandProgress progress() {
        return progress;
    }

    /** The command's state as the API reports it, progress included while it runs. */
    public CommandResult result() {
        CommandResult done = outcome;
        if (done != null) {
            return done;
        }
        return new CommandResult(id, definition.command(), Optional.empty(), CommandStatus.RUNNING, Optional.empty(),
                progress.current());
    }

    public boolean isRunning() {
        return outcome == null;
    }

    /** Waits up to {@code timeout} for the command to finish; true when it has. */
    public boolean awaitFinish(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    void succeed(Optional<JsonNode> result) {
        finish(CommandResult.succeeded(id, definition.command(), result));
    }

    void fail(CommandStatus status, CommandError error) {
        finish(new CommandResult(id, definition.command(), Optional.empty(), status, Optional.of(error), Optional.empty()));
    }

    private void finish(CommandResult result) {
        outcome = result;
        finished.countDown();
    }
}
