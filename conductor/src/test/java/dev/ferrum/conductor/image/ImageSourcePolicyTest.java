package dev.ferrum.conductor.image;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.InvalidInputException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ImageSourcePolicyTest {
    private final ImageSourcePolicy policy = new ImageSourcePolicy(List.of(Path.of("/srv/images"), Path.of("/var/lib/ironic")));

    @ParameterizedTest
    @ValueSource(strings = {"http://images.example/disk.raw", "HTTPS://10.0.0.1:8443/a/b.qcow2",
            "file:///srv/images/disk.raw", "file://localhost/var/lib/ironic/x/y.img", "file:///srv/images"})
    void acceptedSources(String href) {
        assertThatCode(() -> policy.check(href)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ftp://h/disk.raw|Image download protocol ftp is not supported.",
        "oci://quay.io/img|Image download protocol oci is not supported.",
        "disk.raw|Scheme-less image href is not a UUID.",
        "/srv/images/disk.raw|Scheme-less image href is not a UUID.",
        "http:///disk.raw|names no host",
        "file:///srv/images-evil/disk.raw|Security: Path /srv/images-evil/disk.raw is not allowed",
        "file:///srv/images/../../etc/passwd|'..'",
        "file:///srv/images/%2e%2e/secret|'..'",
        "file://evil.example/srv/images/disk.raw|has no host",
        "file:srv/images/disk.raw|absolute path",
        "file:///etc/shadow|Security: The path /etc is not permitted in file URLs",
        "2f0b6b4e-93cb-4a35-9b0a-5e1c8c1b2d3f|no image service configured",
    })
    void refusedSources(String href, String reason) {
        assertThatThrownBy(() -> policy.check(href)).isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("Validation of image href " + href + " failed, reason: ")
                .hasMessageContaining(reason);
    }

    @Test
    void blockedTreesStayBlockedEvenWhenAllowed() {
        ImageSourcePolicy everything = new ImageSourcePolicy(List.of(Path.of("/")));
        assertThatThrownBy(() -> everything.check("file:///proc/self/environ")).hasMessageContaining("/proc");
        assertThatCode(() -> everything.check("file:///data/disk.raw")).doesNotThrowAnyException();
    }

    @Test
    void noDirectoriesMeansNoFileImages() {
        assertThatThrownBy(() -> ImageSourcePolicy.noFiles().check("file:///var/lib/ironic/disk.raw"))
                .hasMessageContaining("disabled");
    }

    @Test
    void relativeAllowedDirectoriesAreAConfigurationError() {
        assertThatThrownBy(() -> new ImageSourcePolicy(List.of(Path.of("images"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ImageSourcePolicy(List.of(Path.of("/srv/../etc"))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
