package dev.ferrum.imagebuilder.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SharedLibraryResolverTest {
    @TempDir
    Path dir;

    @Test
    void resolvesTransitivelyThroughLinksAndReportsTheInterpreterAndWhatIsMissing() throws IOException {
        Path hostLib = Files.createDirectories(dir.resolve("host/lib"));
        Files.write(hostLib.resolve("libc.so.6"), ElfFixtures.dynamic(Optional.empty(), List.of("ld-linux-x86-64.so.2"), Optional.of("libc.so.6")));
        Files.write(hostLib.resolve("ld-linux-x86-64.so.2.real"), ElfFixtures.dynamic(Optional.empty(), List.of(), Optional.empty()));
        Files.createSymbolicLink(hostLib.resolve("ld-linux-x86-64.so.2"), hostLib.resolve("ld-linux-x86-64.so.2.real"));
        Files.write(hostLib.resolve("libm.so.6"), ElfFixtures.dynamic(Optional.empty(), List.of("libc.so.6"), Optional.empty()));
        Path jre = Files.createDirectories(dir.resolve("jre"));
        Path java = Files.write(jre.resolve("java"), ElfFixtures.dynamic(Optional.of(hostLib.resolve("ld-linux-x86-64.so.2").toString()),
                List.of("libjli.so", "libc.so.6"), Optional.empty()));
        Path jvm = Files.write(jre.resolve("libjvm.so"), ElfFixtures.dynamic(Optional.empty(),
                List.of("libm.so.6", "libX11.so.6"), Optional.empty()));

        NativeLibraries result = new SharedLibraryResolver(List.of(dir.resolve("nowhere"), hostLib))
                .resolve(Map.of("jre/bin/java", java, "jre/lib/server/libjvm.so", jvm), Set.of("libjli.so", "libjvm.so"));

        assertThat(result.libraries()).extracting(NativeLibraries.SharedLibrary::name)
                .containsExactly("ld-linux-x86-64.so.2", "libc.so.6", "libm.so.6");
        assertThat(result.libraries()).filteredOn(l -> l.name().startsWith("ld-linux"))
                .singleElement().satisfies(l -> assertThat(l.hostFile().getFileName().toString()).isEqualTo("ld-linux-x86-64.so.2.real"));
        assertThat(result.interpreter()).hasValueSatisfying(i -> assertThat(i.hostFile().getFileName().toString())
                .isEqualTo("ld-linux-x86-64.so.2.real"));
        assertThat(result.unresolved()).containsExactly(new NativeLibraries.Unresolved("libX11.so.6", List.of("jre/lib/server/libjvm.so")));
    }
}
