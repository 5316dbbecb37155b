package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Without --name a conductor is named after the machine, as `uname -n` (gethostname) names it. */
class ConductorNameTest {
    @Test
    void theDefaultNameIsTheMachinesHostName() throws Exception {
        Process uname = new ProcessBuilder("uname", "-n").start();
        String expected = new String(uname.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(uname.waitFor(30, TimeUnit.SECONDS)).isTrue();

        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth");

        assertThat(command.settings().name()).isNotEmpty().isEqualTo(expected);
        assertThat(ConductorCommand.hostName()).isEqualTo(expected);
    }

    @Test
    void aNameGivenWinsOverTheHostName() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--name", "c1");

        assertThat(command.settings().name()).isEqualTo("c1");
    }
}
