package dev.ferrum.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class AgentConfigParserTest {

    private static AgentConfig parse(String cmdline) {
        return AgentConfigParser.parse(KernelCommandLine.parse(cmdline), Map.of());
    }

    @Test
    void readsIronicsPxeTemplateParameters() {
        AgentConfig config = parse("initrd=deploy_ramdisk rootfstype=ramfs quiet "
                + "ipa-api-url=http://192.0.2.1:6385,https://[fd00::1]:6385 ipa-insecure=1 "
                + "BOOTIF=01-52-54-00-AB-CD-EF ipa-global-request-id=req-0b1a4fb1-5cd4-4d1c-a3e5-fc0fcd4b8e1c "
                + "ipa-lookup-timeout=120 ipa-advertise-host=192.0.2.10\n");

        assertThat(config.apiUrls()).containsExactly(URI.create("http://192.0.2.1:6385"), URI.create("https://[fd00::1]:6385"));
        assertThat(config.tls().insecure()).isTrue();
        assertThat(config.bootInterfaceMac()).contains("52:54:00:ab:cd:ef");
        assertThat(config.lookupTimeout()).isEqualTo(Duration.ofSeconds(120));
        assertThat(config.advertiseHost()).contains("192.0.2.10");
        assertThat(config.globalRequestId()).contains("req-0b1a4fb1-5cd4-4d1c-a3e5-fc0fcd4b8e1c");
    }

    @Test
    void usesIpaDefaultsWhereNothingIsSaid() {
        AgentConfig config = parse("ipa-api-url=http://conductor:6385");

        assertThat(config.listenPort()).isEqualTo(9999);
        assertThat(config.advertisePort()).isEqualTo(9999);
        assertThat(config.advertiseProtocol()).isEqualTo("http");
        assertThat(config.lookupInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.lookupTimeout()).isEqualTo(Duration.ofSeconds(600));
        assertThat(config.tls()).isEqualTo(TlsSettings.DEFAULT);
        assertThat(config.imageDownload()).isEqualTo(ImageDownloadSettings.DEFAULT);
        assertThat(config.inspectionCollectors()).containsExactly("default", "logs");
        assertThat(config.inspectionCallbackUrl()).isEmpty();
    }

    @Test
    void flagsOverrideTheKernelCommandLine() {
        AgentConfig config = AgentConfigParser.parse(KernelCommandLine.parse("ipa-api-url=http://a:6385 ipa-listen-port=9999"),
                Map.of("ipa-listen-port", "19999", "ipa-cafile", "/etc/ferrum/ca.pem"));

        assertThat(config.listenPort()).isEqualTo(19999);
        assertThat(config.tls().caFile()).contains(Path.of("/etc/ferrum/ca.pem"));
    }

    @Test
    void inspectionAloneIsEnoughToStart() {
        assertThat(parse("ipa-inspection-callback-url=http://192.0.2.1:5050/v1/continue").inspectionCallbackUrl())
                .contains(URI.create("http://192.0.2.1:5050/v1/continue"));
    }

    @Test
    void withoutAnyConductorTheErrorSaysWhatToAdd() {
        assertThatThrownBy(() -> parse("quiet"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("ipa-api-url").hasMessageContaining("ipa-standalone");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ipa-api-url=ftp://x             | not an http:// or https:// URL",
            "ipa-api-url=mdns                | multicast DNS",
            "ipa-api-url=http://a ipa-listen-port=70000 | not a port number",
            "ipa-api-url=http://a ipa-listen-port=abc   | not a whole number",
            "ipa-api-url=http://a ipa-insecure=maybe    | not a boolean",
            "ipa-api-url=http://a BOOTIF=zz             | BOOTIF",
            "ipa-api-url=http://a ipa-lookup-timeout=-5 | must not be negative",
            "ipa-api-url=http://a ipa-advertise-protocol=gopher | not one of",
            "ipa-api-url=http://a ipa-global-request-id=42 | req-<uuid>",
            "ipa-api-url=http://a ipa-image-download-connection-timeout=0 | at least 1 second",
    })
    void malformedValuesNameTheParameter(String cmdline, String expected) {
        assertThatThrownBy(() -> parse(cmdline)).isInstanceOf(ConfigException.class).hasMessageContaining(expected);
    }

    @Test
    void aBareBooleanFlagMeansTrue() {
        assertThat(parse("ipa-api-url=http://a ipa-insecure").tls().insecure()).isTrue();
    }

    @Test
    void aFilePathWithANulCharacterIsAConfigError() {
        // Found by KernelCommandLineFuzzTest: Path.of threw InvalidPathException past the parser's contract.
        assertThatThrownBy(() -> parse("ipa-api-url=http://a ipa-cafile=/etc/ca\u0000.pem"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("ipa-cafile").hasMessageContaining("not a file path");
    }
}
