package dev.ferrum.pxe.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.PxeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Everything that could break a boot script or a kernel command line is refused with a clear message. */
class ValidationTest {

    @ParameterizedTest
    @ValueSource(strings = {"http://10.0.0.1/a", "https://boot.example:8443/x/y.img?v=1&w=2", "http://[fd00::1]:8080/k",
            "http://h/a%20b"})
    void acceptsPlainHttpUrls(String url) {
        assertThat(HttpUrl.of(url).value()).isEqualTo(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://h/a", "tftp://h/a", "HTTP://h/upper-case-scheme", "file:///etc/passwd", "/relative/path", "h/no-scheme", "http:///no-host"})
    void refusesUrlsThatAreNotAbsoluteHttp(String url) {
        assertThatThrownBy(() -> HttpUrl.of(url)).isInstanceOf(PxeException.class).hasMessageContaining(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://h/a b", "http://h/a\tb", "http://h/a\nb", "http://h/$x", "http://h/${mac}",
            "http://h/{a}", "http://h/a\"b", "http://h/a'b", "http://h/a\\b", "http://h/a#frag", "http://h/\u00e4", ""})
    void refusesUrlsWithCharactersScriptsCannotCarry(String url) {
        assertThatThrownBy(() -> HttpUrl.of(url)).isInstanceOf(PxeException.class)
                .hasMessageContaining("character boot scripts cannot carry");
    }

    @Test
    void refusesCredentialsInUrlsWithoutEchoingThem() {
        assertThatThrownBy(() -> HttpUrl.of("http://admin:s3cret@h/a")).isInstanceOf(PxeException.class)
                .hasMessageContaining("credentials").hasMessageNotContaining("s3cret");
    }

    @Test
    void resolvesRelativePathsBelowADirectory() {
        assertThat(HttpUrl.of("http://h/boot").resolve("a.ipxe").value()).isEqualTo("http://h/boot/a.ipxe");
        assertThat(HttpUrl.of("http://h/boot/").resolve("x/b.img").value()).isEqualTo("http://h/boot/x/b.img");
        assertThatThrownBy(() -> HttpUrl.of("http://h/").resolve("/abs")).isInstanceOf(PxeException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "a=b", "-leading-dash", "a\"b", "a\nb", "na$me", "\u00e9"})
    void refusesBadParameterNames(String name) {
        assertThatThrownBy(() -> KernelParameters.of(name, "v")).isInstanceOf(PxeException.class)
                .hasMessageContaining("kernel parameter name");
        assertThatThrownBy(() -> KernelParameters.flag(name)).isInstanceOf(PxeException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b", "a\tb", "a\nb", "a\"b", "a'b", "a\\b", "${mac}", "a$b", "a{b", "a}b", "a`b", "\u00e4"})
    void refusesValuesThatWouldBreakTheLine(String value) {
        assertThatThrownBy(() -> KernelParameters.of("x", value)).isInstanceOf(PxeException.class)
                .hasMessageContaining("would break the boot script or kernel command line");
    }

    @Test
    void refusesEmptyValuesPointingToFlags() {
        assertThatThrownBy(() -> KernelParameters.of("x", "")).isInstanceOf(PxeException.class).hasMessageContaining("Flag");
    }

    @Test
    void neverPutsTheAgentTokenInABootScript() {
        assertThatThrownBy(() -> KernelParameters.of("ipa-agent-token", "abc")).isInstanceOf(PxeException.class)
                .hasMessageContaining("secrets must never be in them");
        assertThatThrownBy(() -> KernelParameters.of("IPA-AGENT-TOKEN", "abc")).isInstanceOf(PxeException.class);
    }

    @Test
    void reservesNamesTheRenderersWrite() {
        assertThatThrownBy(() -> KernelParameters.of("BOOTIF", "01-aa-bb-cc-dd-ee-ff")).isInstanceOf(PxeException.class)
                .hasMessageContaining("bootInterface()");
        assertThatThrownBy(() -> KernelParameters.of("initrd", "x")).isInstanceOf(PxeException.class);
    }

    @Test
    void checksTheWellKnownParameters() {
        assertThat(KernelParameters.console("ttyS1,115200n8")).isEqualTo(new KernelParameter.Setting("console", "ttyS1,115200n8"));
        assertThatThrownBy(() -> KernelParameters.console("ttyS0 debug")).isInstanceOf(PxeException.class);
        assertThatThrownBy(() -> KernelParameters.globalRequestId("not-a-request-id")).isInstanceOf(PxeException.class)
                .hasMessageContaining("req-<uuid>");
    }

    @Test
    void ramdiskNeedsAnInitrd() {
        assertThatThrownBy(() -> new AgentRamdisk(Ramdisks.FILES.resolve("k"), List.of(), List.of()))
                .isInstanceOf(PxeException.class).hasMessageContaining("at least one initrd");
    }

    @Test
    void ramdiskRefusesRepeatedParametersButConsole() {
        HttpUrl k = Ramdisks.FILES.resolve("k");
        List<HttpUrl> i = List.of(Ramdisks.FILES.resolve("i"));
        assertThatThrownBy(() -> new AgentRamdisk(k, i, List.of(KernelParameters.quiet(), KernelParameters.quiet())))
                .isInstanceOf(PxeException.class).hasMessageContaining("'quiet' is given twice");
        assertThat(new AgentRamdisk(k, i, List.of(KernelParameters.console("tty0"), KernelParameters.console("ttyS0"))).parameters())
                .hasSize(2);
    }

    @Test
    void ramdiskRefusesCommandLinesOverTheKernelLimit() {
        List<KernelParameter> many = new ArrayList<>();
        for (int n = 0; n < 120; n++) {
            many.add(KernelParameters.of("parameter" + n, "value-value"));
        }
        assertThatThrownBy(() -> new AgentRamdisk(Ramdisks.FILES.resolve("k"), List.of(Ramdisks.FILES.resolve("i")), many))
                .isInstanceOf(PxeException.class).hasMessageContaining("limit of 2048");
    }

    @Test
    void eachPurposeNeedsItsCallbackParameter() {
        AgentRamdisk inspectOnly = Ramdisks.inspect().ramdisk();
        assertThatThrownBy(() -> new BootScript.AgentBoot(BootPurpose.DEPLOY, inspectOnly, RetryPolicy.standard()))
                .isInstanceOf(PxeException.class).hasMessageContaining("'ipa-api-url'");
        AgentRamdisk deployOnly = Ramdisks.deploy().ramdisk();
        assertThatThrownBy(() -> new BootScript.AgentBoot(BootPurpose.INSPECT, deployOnly, RetryPolicy.standard()))
                .isInstanceOf(PxeException.class).hasMessageContaining("'ipa-inspection-callback-url'");
    }

    @Test
    void retriesAreBoundedAndInWholeSeconds() {
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO, FailureAction.REBOOT)).isInstanceOf(PxeException.class);
        assertThatThrownBy(() -> new RetryPolicy(21, Duration.ZERO, Duration.ZERO, FailureAction.REBOOT)).isInstanceOf(PxeException.class);
        assertThatThrownBy(() -> new RetryPolicy(3, Duration.ofMillis(1500), Duration.ZERO, FailureAction.REBOOT))
                .isInstanceOf(PxeException.class).hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> new RetryPolicy(3, Duration.ofSeconds(-1), Duration.ZERO, FailureAction.REBOOT))
                .isInstanceOf(PxeException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "costs $5", "${mac}", "a {b}", "# comment", "one ; two", "a || b", "a && b", "line\nbreak",
            "quote\"d", "it's"})
    void consoleTextRefusesWhatIpxeWouldInterpret(String text) {
        assertThatThrownBy(() -> new ConsoleText(text)).isInstanceOf(PxeException.class);
    }

    @Test
    void consoleTextTakesOrdinarySentences() {
        assertThat(new ConsoleText("no node has MAC 52:54:00:12:34:56 (discovery off), see [docs]").value()).contains("52:54");
        assertThatThrownBy(() -> new ConsoleText("x".repeat(201))).isInstanceOf(PxeException.class);
    }
}
