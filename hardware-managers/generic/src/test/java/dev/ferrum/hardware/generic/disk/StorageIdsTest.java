package dev.ferrum.hardware.generic.disk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import java.nio.file.Files;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StorageIdsTest {

    @Test
    void naaFiveIsItsOwnExtension() {
        assertThat(StorageIds.worldWideName("naa.5002538E40A1B2C3\n", false)).contains(new StorageIds.WorldWideName(
                "0x5002538e40a1b2c3", Optional.of("0x5002538e40a1b2c3"), Optional.empty()));
    }

    @Test
    void naaSixSplitsOffTheVendorExtension() {
        assertThat(StorageIds.worldWideName("naa.600508b1001c4d2f9e8a7b6c5d4e3f21", false))
                .contains(new StorageIds.WorldWideName("0x600508b1001c4d2f",
                        Optional.of("0x600508b1001c4d2f9e8a7b6c5d4e3f21"), Optional.of("0x9e8a7b6c5d4e3f21")));
    }

    @Test
    void scsiEuiIdsArePrefixed() {
        assertThat(StorageIds.worldWideName("eui.0025385b71b01234", false).map(StorageIds.WorldWideName::wwn))
                .contains("0x0025385b71b01234");
    }

    @Test
    void nvmeIdsAreKeptWholeWithoutExtension() {
        assertThat(StorageIds.worldWideName("eui.0025388b91b1234e", true)).contains(
                new StorageIds.WorldWideName("eui.0025388b91b1234e", Optional.empty(), Optional.empty()));
        assertThat(StorageIds.worldWideName("nvme.144d-5336344e-53414d53-00000001", true)
                .map(StorageIds.WorldWideName::wwn)).contains("nvme.144d-5336344e-53414d53-00000001");
    }

    @Test
    void vendorTextIdsAreNoWwn() {
        assertThat(StorageIds.worldWideName("t10.ATA     SAMSUNG MZ7LH480HAHQ-00005        S45PNA0M812345", false))
                .isEmpty();
        assertThat(StorageIds.worldWideName("naa.123", false)).isEmpty();
        assertThat(StorageIds.worldWideName("  ", true)).isEmpty();
    }

    @Test
    void readsTheUnitSerialPage() throws Exception {
        byte[] page = Files.readAllBytes(Fixtures.root("server")
                .resolve("sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/vpd_pg80"));
        assertThat(StorageIds.unitSerial(page)).contains("S45PNA0M812345");
    }

    @Test
    void malformedSerialPagesAreIgnored() {
        assertThat(StorageIds.unitSerial(new byte[0])).isEmpty();
        assertThat(StorageIds.unitSerial(new byte[] {0, (byte) 0x83, 0, 2, 'a', 'b'})).as("wrong page").isEmpty();
        assertThat(StorageIds.unitSerial(new byte[] {0, (byte) 0x80, 0, 0})).as("no serial").isEmpty();
        assertThat(StorageIds.unitSerial(new byte[] {0, (byte) 0x80, 0, 20, 'A', 'B', ' '})).as("short page")
                .contains("AB");
    }
}
