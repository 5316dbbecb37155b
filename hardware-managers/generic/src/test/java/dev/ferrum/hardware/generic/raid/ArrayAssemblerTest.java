package dev.ferrum.hardware.generic.raid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Existing arrays assembled at agent start keep their numbers whatever ramdisk host name built them. */
class ArrayAssemblerTest {
    private static final String EXAMINE = """
            ARRAY /dev/md/md0  metadata=1.2 UUID=11111111:22222222:33333333:44444444 name=(none):md0
            ARRAY /dev/md/md1  metadata=1.2 UUID=55555555:66666666:77777777:88888888 name=other-host:md1
            ARRAY /dev/md/data  metadata=1.2 UUID=99999999:aaaaaaaa:bbbbbbbb:cccccccc name=any:data
            """;

    @TempDir
    Path root;

    @Test
    void namesEachArrayByItsMdNameAndAcceptsAnyHomeHost() {
        assertThat(ArrayAssembler.config(EXAMINE, Set.of())).isEqualTo("""
                DEVICE partitions containers
                HOMEHOST <ignore>
                ARRAY /dev/md0 metadata=1.2 UUID=11111111:22222222:33333333:44444444 name=(none):md0
                ARRAY /dev/md1 metadata=1.2 UUID=55555555:66666666:77777777:88888888 name=other-host:md1
                ARRAY /dev/md/data metadata=1.2 UUID=99999999:aaaaaaaa:bbbbbbbb:cccccccc name=any:data
                """);
    }

    @Test
    void leavesRunningArraysAloneAndWritesNothingWhenNoneIsFound() {
        assertThat(ArrayAssembler.config(EXAMINE, Set.of("md0", "md1", "data"))).isEmpty();
        assertThat(ArrayAssembler.config("", Set.of())).isEmpty();
    }

    @Test
    void assemblesWithTheWrittenConfigAndReportsTheRunningArrays() throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Path config = root.resolve("tmp/ferrum-mdadm.conf");
        FakeCommandRunner commands = new FakeCommandRunner()
                .answer(List.of("mdadm", "--examine", "--scan"), EXAMINE)
                .answer(List.of("mdadm", "--assemble", "--scan", "--config=" + config), new CommandResult(0, "", ""));
        // What the kernel shows once mdadm ran (the fake runner cannot change it, so it is there from the start
        // minus the array the test checks is assembled).
        Files.writeString(root.resolve("proc/mdstat"), "md1 : active raid1 vdb2[1] vda2[0]\n");

        List<String> running = ArrayAssembler.assemble(new MachineContext(root, commands));

        assertThat(commands.calls()).containsExactly(List.of("mdadm", "--examine", "--scan"),
                List.of("mdadm", "--assemble", "--scan", "--config=" + config));
        assertThat(Files.readString(config)).contains("ARRAY /dev/md0 ").doesNotContain("/dev/md1 ");
        assertThat(running).containsExactly("md1");
    }

    @Test
    void withoutMdadmNothingRuns() {
        FakeCommandRunner commands = new FakeCommandRunner();

        assertThat(ArrayAssembler.assemble(new MachineContext(root, commands))).isEmpty();
        assertThat(commands.calls()).isEmpty();
    }
}
