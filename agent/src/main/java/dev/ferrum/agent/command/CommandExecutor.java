package dev.ferrum.agent.command;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Runs commands one at a time, as IPA does: a command asked for while another is RUNNING is
 * refused with {@link AgentBusyException}. SYNC commands run on the caller's thread; ASYNC ones on
 * {@code background}. Every finished ASYNC command is handed to {@code onAsyncFinish} (the agent
 * sends a prompt heartbeat so the conductor learns of it without waiting a whole interval). The
 * history is kept in submission order for {@code GET /v1/commands/}.
 */
public final class CommandExecutor {
    private static final System.Logger LOG = System.getLogger(CommandExecutor.class.getName());

    private final CommandCatalog catalog;
    private final Executor background;
    private final Consumer<CommandResult> onAsyncFinish;
    private final List<Execution> history = new ArrayList<>();

    public CommandExecutor(CommandCatalog catalog, Executor background, Consumer<CommandResult> onAsyncFinish) {
        this.catalog = catalog;
        this.background = background;
        this.onAsyncFinish = onAsyncFinish;
    }

    /**
     * Starts the command {@code name}. A SYNC command has finished when this returns; an ASYNC one
     * may still be running.
     *
     * @throws UnknownCommandException when no such command exists
     * @throws AgentBusyException when another command is running
     */
    public Execution submit(String name, ObjectNode params) {
        CommandDefinition definition = catalog.find(name);
        Execution execution;
        synchronized (history) {
            Optional<Execution> running = history.stream().filter(Execution::isRunning).findFirst();
            if (running.isPresent()) {
                Execution busy = running.get();
                throw new AgentBusyException("Agent is busy: command " + busy.definition().fullName() + " (id "
                        + busy.id() + ") is still running; retry when it has finished");
            }
            execution = new Execution(UUID.randomUUID().toString(), definition,
                    params == null ? JsonNodeFactory.instance.objectNode() : params);
            history.add(execution);
        }
        LOG.log(System.Logger.Level.INFO, "command " + name + " started (id " + execution.id() + ")");
        if (definition.mode() == CommandMode.SYNC) {
            run(execution);
        } else {
            background.execute(() -> {
                run(execution);
                onAsyncFinish.accept(execution.result());
            });
        }
        return execution;
    }

    /** Every command run so far, oldest first. */
    public List<Execution> history() {
        synchronized (history) {
            return List.copyOf(history);
        }
    }

    /** The command with {@code id}, if it was run. */
    public Optional<Execution> find(String id) {
        synchronized (history) {
            return history.stream().filter(e -> e.id().equals(id)).findFirst();
        }
    }

    private void run(Execution execution) {
        String name = execution.definition().fullName();
        try {
            execution.succeed(execution.definition().handler().run(execution.params(), execution.progress()));
            LOG.log(System.Logger.Level.INFO, "command " + name + " succeeded (id " + execution.id() + ")");
        } catch (VersionMismatchException e) {
            execution.fail(CommandStatus.CLEAN_VERSION_MISMATCH, e.error());
            LOG.log(System.Logger.Level.WARNING, "command " + name + " refused: " + e.getMessage());
        } catch (CommandFailedException e) {
            execution.fail(CommandStatus.FAILED, e.error());
            LOG.log(System.Logger.Level.ERROR, "command " + name + " failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // Unexpected errors still end the command (never leave it RUNNING) and keep their text.
            execution.fail(CommandStatus.FAILED, CommandFailedException.execution(
                    e.getClass().getSimpleName() + ": " + e.getMessage(), e).error());
            LOG.log(System.Logger.Level.ERROR, "command " + name + " failed unexpectedly", e);
        }
    }
}
