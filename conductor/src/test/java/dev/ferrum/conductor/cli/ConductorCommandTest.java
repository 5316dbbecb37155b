package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Flags the conductor refuses before it starts anything. */
class ConductorCommandTest {

    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand()).setErr(new PrintWriter(err));
        assertThat(command.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        return err.toString();
    }

    @Test
    void aCleanStepPriorityNeedsInterfaceDotStepAndANonNegativePriority() {
        assertThat(refused("--noauth", "--clean-step-priority", "erase_devices=0"))
                .contains("--clean-step-priority takes INTERFACE.STEP=PRIORITY");
        assertThat(refused("--noauth", "--clean-step-priority", "deploy.erase_devices=-1"))
                .contains("PRIORITY >= 0");
        assertThat(refused("--noauth", "--clean-step-priority", "deploy.erase_devices=often"))
                .contains("often");
    }
}
