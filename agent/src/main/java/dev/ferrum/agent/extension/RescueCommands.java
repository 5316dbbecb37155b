package dev.ferrum.agent.extension;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.rescue.RescuePassword;
import dev.ferrum.agent.rescue.RescueRefusedException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * IPA's {@code rescue} extension: {@code finalize_rescue} sets the tenant's root password (the hash
 * Ironic sends with {@code hashed: true}) in the ramdisk, then the agent locks itself down: it stops
 * heartbeating and, once this answer is out, stops serving its API, so nothing on the tenant's network
 * can drive it. The hash is never logged. An unhashed password (an Ironic older than Ussuri) is refused.
 */
public final class RescueCommands {
    private final RescuePassword password;
    private final Runnable lockDown;

    public RescueCommands(RescuePassword password, Runnable lockDown) {
        this.password = password;
        this.lockDown = lockDown;
    }

    public List<CommandDefinition> definitions() {
        return List.of(CommandDefinition.sync("rescue", "finalize_rescue", this::finalizeRescue));
    }

    private Optional<JsonNode> finalizeRescue(ObjectNode params, dev.ferrum.agent.command.CommandProgress progress) {
        JsonNode given = params.path("rescue_password");
        if (!given.isTextual() || given.asText().isBlank()) {
            throw CommandFailedException.invalidParams("'rescue_password' is required");
        }
        if (!params.path("hashed").asBoolean(false)) {
            throw CommandFailedException.invalidParams("this agent takes only a hashed rescue password"
                    + " ('hashed': true, as Ironic sends since Ussuri); upgrade the conductor or set"
                    + " require_rescue_password_hashed");
        }
        try {
            password.set(given.asText());
        } catch (RescueRefusedException e) {
            throw CommandFailedException.invalidParams(e.getMessage());
        } catch (IOException e) {
            throw CommandFailedException.execution("Rescue Operation failed when writing the rescue password to the"
                    + " ramdisk's shadow file: " + e.getMessage(), e);
        }
        lockDown.run();
        return Optional.empty();
    }
}
