package dev.ferrum.conductor.sealing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SealingKeyFileTest {
    @TempDir
    Path temp;

    private Path write(String name, byte[] content, String permissions) throws Exception {
        Path file = temp.resolve(name);
        Files.write(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    private static byte[] key() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 7);
        return key;
    }

    @Test
    void rawAndBase64FilesGiveTheSameKeyAndId() throws Exception {
        SealingKey raw = SealingKeyFile.read(write("raw", key(), "rw-------"));
        SealingKey text = SealingKeyFile.read(write("b64", (Base64.getEncoder().encodeToString(key()) + "\n")
                .getBytes(StandardCharsets.US_ASCII), "rw-r-----"));

        assertThat(raw).isEqualTo(text);
        assertThat(raw.id()).hasSize(8).isEqualTo(text.id());
        assertThat(raw.toString()).doesNotContain(Base64.getEncoder().encodeToString(key()));
    }

    @Test
    void aWorldReadableFileIsRefusedInOneLine() throws Exception {
        Path file = write("open", key(), "rw-r--r--");

        assertThatThrownBy(() -> SealingKeyFile.read(file))
                .isInstanceOf(SealingException.class)
                .hasMessageContaining("chmod 600")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aWrongLengthIsRefusedSayingHowToMakeAKey() throws Exception {
        Path shortKey = write("short", Base64.getEncoder().encode(new byte[16]), "rw-------");
        Path garbage = write("garbage", "not a key at all!".getBytes(StandardCharsets.US_ASCII), "rw-------");

        assertThatThrownBy(() -> SealingKeyFile.read(shortKey)).isInstanceOf(SealingException.class)
                .hasMessageContaining("32 random bytes").hasMessageContaining("16 bytes");
        assertThatThrownBy(() -> SealingKeyFile.read(garbage)).isInstanceOf(SealingException.class)
                .hasMessageContaining("head -c 32 /dev/urandom");
    }

    @Test
    void aMissingFileSaysSo() {
        assertThatThrownBy(() -> SealingKeyFile.read(temp.resolve("absent")))
                .isInstanceOf(SealingException.class).hasMessageContaining("cannot be read");
    }
}
