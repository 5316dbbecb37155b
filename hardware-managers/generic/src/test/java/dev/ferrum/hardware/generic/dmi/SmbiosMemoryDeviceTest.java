package dev.ferrum.hardware.generic.dmi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SmbiosMemoryDeviceTest {

    private static byte[] fixture(String entry) throws Exception {
        return Files.readAllBytes(Fixtures.root("server").resolve("sys/firmware/dmi/entries").resolve(entry).resolve("raw"));
    }

    /** A minimal formatted area of {@code length} bytes with the given size word and extended size. */
    private static byte[] structure(int length, int size, long extended) {
        byte[] raw = new byte[length + 2];
        raw[0] = 17;
        raw[1] = (byte) length;
        raw[0x0C] = (byte) size;
        raw[0x0D] = (byte) (size >> 8);
        if (length >= 0x20) {
            for (int i = 0; i < 4; i++) {
                raw[0x1C + i] = (byte) (extended >> (8 * i));
            }
        }
        return raw;
    }

    @Test
    void readsTheFixtureDimms() throws Exception {
        assertThat(SmbiosMemoryDevice.sizeMib(fixture("17-0"))).contains(16_384L);
        assertThat(SmbiosMemoryDevice.sizeMib(fixture("17-1"))).as("extended size").contains(32_768L);
        assertThat(SmbiosMemoryDevice.sizeMib(fixture("17-2"))).as("empty slot").isEmpty();
        assertThat(SmbiosMemoryDevice.sizeMib(fixture("17-3"))).as("unknown size").isEmpty();
    }

    @Test
    void sizesInMibAndKib() {
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x15, 8192, 0))).contains(8192L);
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x15, 0x8000 | 2048, 0))).as("2048 KiB").contains(2L);
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x15, 0x8000 | 512, 0))).as("under a MiB").isEmpty();
    }

    @Test
    void extendedSizeNeedsAnSmbios27Structure() {
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x22, 0x7FFF, 131_072))).contains(131_072L);
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x22, 0x7FFF, 0x8000_0000L | 65_536))).as("bit 31 reserved")
                .contains(65_536L);
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x1C, 0x7FFF, 0))).as("too short for the field").isEmpty();
        assertThat(SmbiosMemoryDevice.sizeMib(structure(0x22, 0x7FFF, 0))).isEmpty();
    }

    @Test
    void malformedStructuresAreIgnored() throws Exception {
        assertThat(SmbiosMemoryDevice.sizeMib(new byte[0])).isEmpty();
        assertThat(SmbiosMemoryDevice.sizeMib(new byte[] {17, 0x28, 0, 0})).as("truncated").isEmpty();
        byte[] otherType = structure(0x15, 8192, 0);
        otherType[0] = 16;
        assertThat(SmbiosMemoryDevice.sizeMib(otherType)).isEmpty();
        byte[] lying = structure(0x15, 8192, 0);
        lying[1] = (byte) 0x40;
        assertThat(SmbiosMemoryDevice.sizeMib(lying)).as("length beyond the data").isEmpty();
        assertThat(SmbiosMemoryDevice.sizeMib(Files.readAllBytes(Fixtures.root("server")
                .resolve("sys/firmware/dmi/entries/16-0/raw")))).isEmpty();
    }

    @Test
    void theFixtureEntriesAreType17() {
        assertThat(Path.of("src/test/resources/fixtures/server/sys/firmware/dmi/entries/17-0/raw")).exists();
    }
}
