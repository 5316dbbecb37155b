package dev.ferrum.imagebuilder.init;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-text golden tests: any change to the scripts shows up as a diff to review. */
class InitScriptsTest {
    static final InitConfig CONFIG = new InitConfig(
            List.of("/opt/ferrum/jre/bin/java", "-XX:+UseSerialGC", "-XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa",
                    "-jar", "/opt/ferrum/agent/ferrum-agent.jar", "run", "--plugins", "/opt/ferrum/plugins"),
            ExitAction.POWEROFF, Duration.ofSeconds(10), Duration.ofSeconds(60), "/opt/ferrum/plugins", "/etc/ferrum/modules.load");
    @TempDir
    Path dir;

    @Test
    void initMatchesTheGoldenFile() throws IOException {
        assertThat(new InitScripts().init(CONFIG)).isEqualTo(golden("init.sh"));
    }

    @Test
    void theAgentFindsTheHostBinariesOnItsPath() {
        String path = new InitScripts().init(CONFIG).lines().filter(l -> l.startsWith("export PATH=")).findFirst()
                .orElseThrow();
        assertThat(List.of(path.substring("export PATH=".length()).split(":")))
                .contains("/" + dev.ferrum.imagebuilder.rootfs.ImageLayout.HOST_BINARIES);
    }

    @Test
    void udhcpcHookMatchesTheGoldenFile() throws IOException {
        assertThat(new InitScripts().udhcpcHook()).isEqualTo(golden("udhcpc.sh"));
    }

    @Test
    void launcherMatchesTheGoldenFile() throws IOException {
        assertThat(new InitScripts().launcher(CONFIG.agentCommand().subList(0, 5))).isEqualTo(golden("ferrum-agent.sh"));
    }

    @Test
    void hostBinariesAreOnThePathTheAgentInherits() {
        String init = new InitScripts().init(CONFIG);

        String path = init.lines().filter(l -> l.startsWith("export PATH=")).findFirst().orElseThrow();
        assertThat(List.of(path.substring("export PATH=".length()).split(":")))
                .contains("/" + dev.ferrum.imagebuilder.rootfs.ImageLayout.HOST_BINARIES, "/usr/sbin", "/bin");
    }

    @Test
    void efivarfsIsLoadedAndMountedOnlyWhenTheMachineBootedByUefi() {
        String init = new InitScripts().init(CONFIG);

        assertThat(init).contains("if [ -d /sys/firmware/efi/efivars ]; then\n"
                + "\tmount -t efivarfs -o nosuid,nodev,noexec efivarfs /sys/firmware/efi/efivars");
        assertThat(init.indexOf("mount -t efivarfs")).as("after the modules (efivarfs may be one) are loaded")
                .isGreaterThan(init.indexOf("insmod \"$module\""));
        // Its module fails with ENODEV on a BIOS machine: only tried where the firmware is UEFI.
        assertThat(init).contains("*/efivarfs.ko*) [ -d /sys/firmware/efi ] || continue ;;");
    }

    @Test
    void printsThePhaseUptimesOnTheConsoleOnceJustBeforeTheAgentStarts() {
        String init = new InitScripts().init(CONFIG);

        List<Integer> marks = List.of("mark init\n", "mark drivers\n", "mark modules\n", "mark lease\n", "mark agent\n").stream()
                .map(init::indexOf).toList();
        assertThat(marks).doesNotContain(-1).isSorted();
        assertThat(init.indexOf("mark init\n")).isGreaterThan(init.indexOf("mount -t proc"));
        int printed = init.indexOf("echo \"ferrum-init: boot times (s since kernel start):$boot_times\"\n");
        assertThat(printed).isGreaterThan(marks.getLast()).isLessThan(init.indexOf("\n/opt/ferrum/jre/bin/java "));
    }

    @Test
    void deviceDriversAreColdpluggedBeforeTheOtherModulesUnlessAllAreAskedFor() {
        String init = new InitScripts().init(CONFIG);

        assertThat(init).contains("\tferrum-modules=all) modules_mode=all ;;\n")
                .contains("devices=$(cat /sys/bus/pci/devices/*/modalias /sys/bus/virtio/devices/*/modalias 2>/dev/null)")
                .contains("modprobe -q -a $devices");
        assertThat(init.indexOf("modprobe -q -a $devices")).isLessThan(init.indexOf("insmod \"$module\""));
        assertThat(init.indexOf("aliases=/lib/modules/$(uname -r)/modules.alias")).isLessThan(init.indexOf("ip link set lo up"));
    }

    @Test
    void wordsWithShellCharactersAreQuoted() {
        InitConfig config = new InitConfig(List.of("/opt/java", "-Dx=a b", "it's"), ExitAction.REBOOT, Duration.ofSeconds(3),
                Duration.ofSeconds(5), "/opt/ferrum/plugins", "/etc/ferrum/modules.load");

        String init = new InitScripts().init(config);

        assertThat(init).contains("\n/opt/java '-Dx=a b' 'it'\\''s' </dev/null\n");
        assertThat(init).contains("on_exit=reboot\nexit_delay=3\ndhcp_timeout=5\n");
    }

    @Test
    void scriptsParseWithBusyboxSh() throws Exception {
        Path busybox = Path.of("/bin/busybox");
        assumeTrue(Files.isExecutable(busybox), "skipped: no /bin/busybox to syntax-check the scripts with");
        for (String script : List.of(new InitScripts().init(CONFIG), new InitScripts().udhcpcHook(),
                new InitScripts().launcher(CONFIG.agentCommand()))) {
            Path file = Files.writeString(dir.resolve("script.sh"), script);
            Process sh = new ProcessBuilder(busybox.toString(), "sh", "-n", file.toString()).redirectErrorStream(true).start();
            assertThat(sh.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
            assertThat(sh.exitValue()).isZero();
        }
    }

    static String golden(String name) throws IOException {
        try (InputStream in = InitScriptsTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
