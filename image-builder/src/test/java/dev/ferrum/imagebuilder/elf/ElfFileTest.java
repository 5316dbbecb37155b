package dev.ferrum.imagebuilder.elf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElfFileTest {
    @TempDir
    Path dir;

    @Test
    void readsInterpreterNeededAndSoname() throws IOException {
        Path file = write("java", ElfFixtures.dynamic(Optional.of("/lib64/ld-linux-x86-64.so.2"),
                List.of("libjli.so", "libc.so.6"), Optional.of("libfake.so.1")));

        ElfFile elf = ElfFile.read(file);

        assertThat(elf.interpreter()).contains("/lib64/ld-linux-x86-64.so.2");
        assertThat(elf.needed()).containsExactly("libjli.so", "libc.so.6");
        assertThat(elf.soname()).contains("libfake.so.1");
        assertThat(elf.isStatic()).isFalse();
    }

    @Test
    void staticProgramHasNoInterpreterAndNoNeeded() throws IOException {
        ElfFile elf = ElfFile.read(write("busybox", ElfFixtures.staticProgram()));

        assertThat(elf.isStatic()).isTrue();
        assertThat(elf.needed()).isEmpty();
        assertThat(elf.interpreter()).isEmpty();
    }

    @Test
    void findsNamedSection() throws IOException {
        ElfFile elf = ElfFile.read(write("virtio_net.ko", ElfFixtures.kernelModule("virtio_net", List.of("virtio", "net_failover"))));

        assertThat(elf.section(".modinfo")).hasValueSatisfying(bytes ->
                assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("depends=virtio,net_failover"));
        assertThat(elf.section(".text")).isEmpty();
    }

    @Test
    void rejectsFilesThatAreNotElf() throws IOException {
        Path text = write("notes.txt", "hello, not an ELF file at all, but long enough to have a header".repeat(2)
                .getBytes(StandardCharsets.UTF_8));

        assertThat(ElfFile.isElf(text)).isFalse();
        assertThatThrownBy(() -> ElfFile.read(text)).isInstanceOf(ImageBuildException.class).hasMessageContaining("not an ELF file");
    }

    @Test
    void readsTheRunningJdksLauncher() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        ElfFile elf = ElfFile.read(java);

        assertThat(elf.interpreter()).hasValueSatisfying(i -> assertThat(i).contains("ld-linux"));
        assertThat(elf.needed()).contains("libc.so.6");
        assertThat(elf.runpath()).anySatisfy(p -> assertThat(p).contains("$ORIGIN"));
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(dir.resolve(name), bytes);
    }
}
