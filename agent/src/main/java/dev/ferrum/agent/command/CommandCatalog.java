package dev.ferrum.agent.command;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The commands this agent offers, looked up by IPA's {@code extension.command} name. */
public final class CommandCatalog {
    private final Map<String, CommandDefinition> byName = new LinkedHashMap<>();

    public CommandCatalog(List<CommandDefinition> definitions) {
        for (CommandDefinition definition : definitions) {
            if (byName.putIfAbsent(definition.fullName(), definition) != null) {
                throw new IllegalArgumentException("command " + definition.fullName() + " is defined twice");
            }
        }
    }

    /**
     * The command called {@code name}.
     *
     * @throws UnknownCommandException saying whether the extension or only the command is unknown
     */
    public CommandDefinition find(String name) {
        CommandDefinition definition = byName.get(name);
        if (definition != null) {
            return definition;
        }
        int dot = name.indexOf('.');
        String extension = dot < 0 ? name : name.substring(0, dot);
        if (byName.values().stream().noneMatch(d -> d.extension().equals(extension))) {
            // IPA's wording, which Ironic logs verbatim.
            throw new UnknownCommandException("Extension with id " + extension + " not found.");
        }
        throw new UnknownCommandException("Command " + name.substring(dot + 1) + " not found in extension "
                + extension + "; it offers " + commandsOf(extension) + ".");
    }

    private Set<String> commandsOf(String extension) {
        Set<String> commands = new TreeSet<>();
        byName.values().stream().filter(d -> d.extension().equals(extension)).forEach(d -> commands.add(d.command()));
        return commands;
    }
}
