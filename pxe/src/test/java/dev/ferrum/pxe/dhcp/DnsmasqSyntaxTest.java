package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated files pass dnsmasq's own syntax check ({@code dnsmasq --test}), which starts no
 * server. Skipped, saying so, where dnsmasq is not installed (Debian package {@code dnsmasq-base}).
 */
class DnsmasqSyntaxTest {
    private final DnsmasqConfigWriter writer = new DnsmasqConfigWriter();

    @Test
    void fullConfigPassesDnsmasqsCheck(@TempDir Path dir) throws Exception {
        check(dir, DnsmasqConfigs.full(dir));
    }

    @Test
    void minimalConfigPassesDnsmasqsCheck(@TempDir Path dir) throws Exception {
        check(dir, DnsmasqConfigs.minimal(dir));
    }

    @Test
    void theCheckDoesCatchMistakes(@TempDir Path dir) throws Exception {
        Path dnsmasq = dnsmasq();
        Path file = dir.resolve("broken.conf");
        Files.writeString(file, writer.render(DnsmasqConfigs.minimal(dir)) + "dhcp-range=not-an-address\n");

        assertThat(run(dnsmasq, file).exitCode()).isNotZero();
    }

    private void check(Path dir, DnsmasqConfig config) throws Exception {
        Path dnsmasq = dnsmasq();
        Path file = dir.resolve("dnsmasq.conf");
        writer.write(config, file);

        Result result = run(dnsmasq, file);

        assertThat(result.exitCode()).as("dnsmasq --test said: %s", result.output()).isZero();
        assertThat(result.output()).contains("syntax check OK");
    }

    static Path dnsmasq() {
        Optional<Path> found = Stream.concat(
                        Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).filter(p -> !p.isEmpty()).map(Path::of),
                        Stream.of(Path.of("/usr/sbin"), Path.of("/sbin")))
                .map(p -> p.resolve("dnsmasq"))
                .filter(Files::isExecutable)
                .findFirst();
        assumeTrue(found.isPresent(), "dnsmasq is not installed (apt-get install dnsmasq-base); skipping the syntax check");
        return found.get();
    }

    private static Result run(Path dnsmasq, Path config) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(List.of(dnsmasq.toString(), "--test", "-C", config.toString()))
                .redirectErrorStream(true).start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("dnsmasq --test finished").isTrue();
            return new Result(process.exitValue(), output);
        } finally {
            process.destroyForcibly();
        }
    }

    private record Result(int exitCode, String output) {
    }
}
