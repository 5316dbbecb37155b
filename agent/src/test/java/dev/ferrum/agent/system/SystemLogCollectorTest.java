package dev.ferrum.agent.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemLogCollectorTest {

    @TempDir
    Path temp;

    private static Map<String, String> untar(byte[] targz) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(new ByteArrayInputStream(targz)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                entries.put(entry.getName(), new String(tar.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return entries;
    }

    @Test
    void packsCommandOutputProcFilesAndLogsAndNotesWhatWasMissing() throws IOException {
        Path proc = Files.createDirectories(temp.resolve("proc"));
        Files.writeString(proc.resolve("cmdline"), "ipa-api-url=http://192.0.2.1:6385\n");
        Path agentLog = Files.writeString(temp.resolve("ferrum-agent.log"), "lookup succeeded\n");
        var commands = new FakeCommandRunner()
                .answer(List.of("dmesg"), "[0.0] Linux version 6.1\n")
                .answer(List.of("ip", "addr"), new CommandResult(1, "", "RTNETLINK busy\n"));

        String base64 = new SystemLogCollector(commands, proc, List.of(agentLog)).collectBase64();
        Map<String, String> entries = untar(Base64.getDecoder().decode(base64));

        assertThat(entries).containsEntry("dmesg.txt", "[0.0] Linux version 6.1\n")
                .containsEntry("ip-addr.txt", "RTNETLINK busy\n")
                .containsEntry("proc/cmdline", "ipa-api-url=http://192.0.2.1:6385\n")
                .containsEntry("logs/ferrum-agent.log", "lookup succeeded\n");
        assertThat(entries.get("collection-errors.txt"))
                .contains("ip addr: exit code 1")
                .contains("journalctl: not installed")
                .contains("meminfo");
    }
}
