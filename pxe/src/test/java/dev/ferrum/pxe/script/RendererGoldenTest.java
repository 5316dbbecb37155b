package dev.ferrum.pxe.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.GoldenFiles;
import dev.ferrum.pxe.PxeException;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every boot variant, in both dialects, against its whole-text golden file. */
class RendererGoldenTest {
    private final IpxeScriptRenderer ipxe = new IpxeScriptRenderer();
    private final PxelinuxConfigRenderer pxelinux = new PxelinuxConfigRenderer();

    static Stream<Arguments> ipxeVariants() {
        return Stream.of(
                Arguments.of("inspect.ipxe", Ramdisks.inspect()),
                Arguments.of("deploy.ipxe", Ramdisks.deploy()),
                Arguments.of("clean.ipxe", Ramdisks.clean()),
                Arguments.of("discovery.ipxe", Ramdisks.discovery()),
                Arguments.of("local-sanboot.ipxe", new BootScript.LocalDisk(LocalBootMethod.SANBOOT)),
                Arguments.of("local-exit.ipxe", new BootScript.LocalDisk(LocalBootMethod.EXIT)),
                Arguments.of("default.ipxe", new BootScript.ChainByMac(HttpUrl.of("http://10.20.0.1:8080/boot"), RetryPolicy.standard())),
                Arguments.of("unknown.ipxe", unknown()));
    }

    static Stream<Arguments> pxelinuxVariants() {
        return Stream.of(
                Arguments.of("inspect.pxelinux", Ramdisks.inspect()),
                Arguments.of("deploy.pxelinux", Ramdisks.deploy()),
                Arguments.of("clean.pxelinux", Ramdisks.clean()),
                Arguments.of("local.pxelinux", new BootScript.LocalDisk(LocalBootMethod.SANBOOT)),
                Arguments.of("unknown.pxelinux", unknown()));
    }

    private static BootScript.NextDevice unknown() {
        return new BootScript.NextDevice(
                new ConsoleText("no node has MAC 52:54:00:12:34:56 and discovery is off, booting the next device"),
                Duration.ofSeconds(10));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ipxeVariants")
    void ipxeScriptMatchesGoldenFile(String golden, BootScript script) {
        String text = ipxe.render(script);

        assertThat(text).startsWith("#!ipxe\n").endsWith("\n").doesNotContain("ipa-agent-token");
        GoldenFiles.assertMatches(golden, text);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pxelinuxVariants")
    void pxelinuxConfigMatchesGoldenFile(String golden, BootScript script) {
        GoldenFiles.assertMatches(golden, pxelinux.render(script));
    }

    @Test
    void renderingIsAPureFunctionOfTheRecord() {
        assertThat(ipxe.render(Ramdisks.deploy())).isEqualTo(ipxe.render(Ramdisks.deploy()));
    }

    @Test
    void pxelinuxHasNoChainingDefault() {
        assertThatThrownBy(() -> pxelinux.render(new BootScript.ChainByMac(Ramdisks.FILES, RetryPolicy.standard())))
                .isInstanceOf(PxeException.class)
                .hasMessageContaining("pxelinux.cfg/01-<mac>");
    }
}
