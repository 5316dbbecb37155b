package dev.ferrum.protocol.command;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;

/**
 * A command the conductor posts to the agent ({@code POST /v1/commands/}): {@code name} is
 * {@code <extension>.<command>} such as {@code deploy.execute_deploy_step}; {@code params} stays a
 * free-form dict here because each command reads its own shape from it (see the step and image
 * records). A name without a dot is rejected, as IPA rejects it with 400.
 */
public record CommandRequest(String name, ObjectNode params) {

    public CommandRequest {
        WireValues.requireText(name, "command name");
        int dot = name.indexOf('.');
        if (dot <= 0 || dot == name.length() - 1) {
            throw new WireFormatException("command name '" + name + "' must be <extension>.<command>, "
                    + "for example standby.get_partition_uuids");
        }
        params = WireValues.objectOrEmpty(params);
    }

    /** A command without parameters. */
    public static CommandRequest of(String name) {
        return new CommandRequest(name, JsonNodeFactory.instance.objectNode());
    }

    /** The extension part ({@code deploy} in {@code deploy.execute_deploy_step}); the agent routes on it. */
    public String extension() {
        return name.substring(0, name.indexOf('.'));
    }

    /**
     * The command part ({@code execute_deploy_step}); this bare name, not the dotted one, is what
     * the agent reports as {@code command_name} in the result.
     */
    public String command() {
        return name.substring(name.indexOf('.') + 1);
    }
}
