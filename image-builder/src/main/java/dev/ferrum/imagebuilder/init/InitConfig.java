package dev.ferrum.imagebuilder.init;

import java.time.Duration;
import java.util.List;

/**
 * Everything /init is parameterised by.
 *
 * @param agentCommand the full argument vector that starts the agent (java, flags, jar, command)
 * @param onExit what to do after the agent exits, unless the kernel command line says otherwise
 * @param exitDelay how long to wait before that, so the console can be read
 * @param dhcpTimeout how long to wait for the first lease before starting the agent anyway
 * @param pluginDirectory where plugin jars are collected (second initrd, downloads)
 * @param modulesLoadFile the image path of the module list, one absolute path a line, in load order
 */
public record InitConfig(List<String> agentCommand, ExitAction onExit, Duration exitDelay, Duration dhcpTimeout,
        String pluginDirectory, String modulesLoadFile) {

    public InitConfig {
        agentCommand = List.copyOf(agentCommand);
        if (agentCommand.isEmpty()) {
            throw new IllegalArgumentException("the agent command is empty");
        }
    }
}
