package dev.ferrum.integration.vm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Checks a config drive read back from a VM's disk: an ISO labelled config-2 with the node's meta_data. */
final class ConfigDriveIso {
    private static final int VOLUME_DESCRIPTOR = 16 * 2048;

    private ConfigDriveIso() {
    }

    /** Whether {@code bytes} start like an ISO 9660 image labelled config-2. */
    static boolean isConfigDrive(byte[] bytes) {
        return bytes.length > VOLUME_DESCRIPTOR + 48
                && new String(bytes, VOLUME_DESCRIPTOR + 1, 5, StandardCharsets.US_ASCII).equals("CD001")
                && new String(bytes, VOLUME_DESCRIPTOR + 40, 8, StandardCharsets.US_ASCII).equals("config-2");
    }

    /**
     * Asserts the drive is a config-2 ISO and, where isoinfo (genisoimage) is installed, that its
     * meta_data.json names {@code hostname} and the node {@code nodeUuid}.
     */
    static void assertHolds(byte[] drive, String hostname, String nodeUuid, Path scratch, String who) throws Exception {
        assertThat(new String(drive, VOLUME_DESCRIPTOR + 1, 5, StandardCharsets.US_ASCII)).isEqualTo("CD001");
        assertThat(new String(drive, VOLUME_DESCRIPTOR + 40, 8, StandardCharsets.US_ASCII)).isEqualTo("config-2");
        Path isoinfo = Path.of("/usr/bin/isoinfo");
        if (Files.isExecutable(isoinfo)) {
            Path iso = Files.write(scratch.resolve("configdrive.iso"), drive);
            Process read = new ProcessBuilder(isoinfo.toString(), "-R", "-i", iso.toString(), "-x",
                    "/openstack/latest/meta_data.json").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            JsonNode meta = new ObjectMapper().readTree(read.getInputStream().readAllBytes());
            assertThat(read.waitFor()).isZero();
            assertThat(meta.path("hostname").asText()).isEqualTo(hostname);
            assertThat(meta.path("uuid").asText()).isEqualTo(nodeUuid);
        } else {
            System.out.println(who + ": isoinfo not installed (genisoimage): config drive files not read back, only"
                    + " its label");
        }
    }
}
