package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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

    @Test
    void anAgentCaFileMustExistAndHoldPemCertificates(@TempDir Path temp) throws Exception {
        Path missing = temp.resolve("missing.pem");
        assertThat(refused("--noauth", "--agent-ca-file", missing.toString()))
                .contains("--agent-ca-file").contains(missing.toString()).contains("does not exist");
        Path notPem = Files.writeString(temp.resolve("not.pem"), "not a certificate\n");
        assertThat(refused("--noauth", "--agent-ca-file", notPem.toString()))
                .contains("--agent-ca-file").contains(notPem.toString());
        assertThat(refused("--noauth", "--agent-ca-file", temp.toString()))
                .contains("--agent-ca-file").contains("not a file");
    }
}
