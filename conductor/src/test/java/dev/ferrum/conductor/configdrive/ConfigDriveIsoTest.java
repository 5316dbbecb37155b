package dev.ferrum.conductor.configdrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drive built from Ironic's JSON form, decoded as the agent decodes it and read back by isoinfo:
 * the label, every file under its long name through both Rock Ridge and Joliet, and each file's bytes.
 */
class ConfigDriveIsoTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final UUID NODE = UUID.fromString("1be26c0b-03f2-4d2e-ae87-c02d7f33c123");

    @TempDir
    Path temp;

    static ObjectNode request() throws IOException {
        return (ObjectNode) JSON.readTree("""
                {"meta_data": {"hostname": "web-1", "public_keys": {"0": "ssh-ed25519 AAAAC3Nz demo"}},
                 "user_data": "#cloud-config\\nruncmd:\\n  - echo ferrum-configdrive > /etc/marker\\n",
                 "network_data": {"links": [{"id": "eth0", "type": "phy", "ethernet_mac_address": "52:54:00:12:34:56"}],
                                  "networks": [{"id": "n0", "link": "eth0", "type": "ipv4_dhcp"}], "services": []},
                 "vendor_data": {"ferrum": {"rack": "r1"}}}
                """);
    }

    /** The base64 text decoded and gunzipped, as the agent does before writing it. */
    static byte[] decoded(String encoded) throws IOException {
        try (var in = new GZIPInputStream(new ByteArrayInputStream(Base64.getMimeDecoder().decode(encoded)))) {
            return in.readAllBytes();
        }
    }

    @Test
    void theDriveIsAnIsoLabelledConfig2WithEveryFileUnderItsLongName() throws IOException {
        ConfigDriveContent content = ConfigDriveContent.of(request()).withNodeDefaults(NODE, Optional.of("node-7"));
        Path iso = Files.write(temp.resolve("configdrive.iso"),
                decoded(ConfigDrives.encoded(content, Instant.parse("2026-01-01T00:00:00Z"))));
        IsoInfo reader = IsoInfo.of(iso);

        assertThat(reader.descriptor()).contains("Volume id: config-2").contains("Joliet").contains("Rock Ridge");
        List<String> expected = List.of("meta_data.json", "network_data.json", "vendor_data2.json", "user_data");
        for (String extension : List.of("-R", "-J")) {
            List<String> paths = reader.paths(extension);
            for (String version : List.of("2012-08-10", "latest")) {
                for (String name : expected) {
                    String path = "/openstack/" + version + "/" + name;
                    assertThat(paths).as(extension).contains(path);
                }
            }
            assertThat(paths).as("nothing else " + extension).hasSize(2 * expected.size() + 3);
        }
        for (String version : List.of("2012-08-10", "latest")) {
            String dir = "/openstack/" + version + "/";
            JsonNode meta = JSON.readTree(reader.extract("-R", dir + "meta_data.json"));
            assertThat(meta.path("uuid").asText()).isEqualTo(NODE.toString());
            assertThat(meta.path("name").asText()).isEqualTo("node-7");
            assertThat(meta.path("hostname").asText()).isEqualTo("web-1");
            assertThat(meta.path("public_keys").path("0").asText()).isEqualTo("ssh-ed25519 AAAAC3Nz demo");
            assertThat(new String(reader.extract("-R", dir + "user_data"), StandardCharsets.UTF_8))
                    .isEqualTo("#cloud-config\nruncmd:\n  - echo ferrum-configdrive > /etc/marker\n");
            assertThat(JSON.readTree(reader.extract("-R", dir + "network_data.json")))
                    .isEqualTo(request().get("network_data"));
            assertThat(JSON.readTree(reader.extract("-R", dir + "vendor_data2.json")))
                    .isEqualTo(request().get("vendor_data"));
            for (ConfigDriveFile file : content.files()) {
                assertThat(reader.extract("-J", "/" + file.path())).as("Joliet " + file.path()).isEqualTo(file.bytes());
                assertThat(reader.extract("-R", "/" + file.path())).as("Rock Ridge " + file.path())
                        .isEqualTo(file.bytes());
            }
        }
    }

    @Test
    void blkidFindsTheLabelCloudInitLooksFor() throws IOException, InterruptedException {
        Optional<Path> blkid = IsoInfo.find("blkid");
        org.junit.jupiter.api.Assumptions.assumeTrue(blkid.isPresent(), "blkid (util-linux) not installed: skipped");
        ConfigDriveContent content = ConfigDriveContent.of(request()).withNodeDefaults(NODE, Optional.empty());
        Path iso = Files.write(temp.resolve("label.iso"), decoded(ConfigDrives.encoded(content, Instant.EPOCH)));

        Process probe = new ProcessBuilder(blkid.get().toString(), "-p", "-o", "export", iso.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(probe.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(out.lines()).contains("LABEL=config-2", "TYPE=iso9660");
    }

    @Test
    void thePrimaryDescriptorCarriesTheLabelAsGenisoimageWritesIt() {
        byte[] iso = ConfigDriveIso.build(List.of(new ConfigDriveFile("openstack/latest/meta_data.json", "{}")),
                Instant.EPOCH);

        assertThat(new String(iso, 16 * 2048 + 1, 5, StandardCharsets.US_ASCII)).isEqualTo("CD001");
        assertThat(new String(iso, 16 * 2048 + 40, 32, StandardCharsets.US_ASCII)).isEqualTo(
                "config-2" + " ".repeat(24));
        assertThat(iso.length % 2048).isZero();
    }
}
