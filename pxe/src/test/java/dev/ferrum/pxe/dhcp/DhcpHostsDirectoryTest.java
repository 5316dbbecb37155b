package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.MacAddresses;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The exact bytes dnsmasq will read, and when it is told to re-read them. */
class DhcpHostsDirectoryTest {
    private static final MacAddress NODE_A = MacAddresses.parse("52:54:00:aa:00:01");
    private static final MacAddress NODE_B = MacAddresses.parse("52:54:00:aa:00:02");

    @TempDir
    Path dir;
    private final FakeProcessSignaller signaller = new FakeProcessSignaller();
    private DhcpHostsDirectory hosts;

    @BeforeEach
    void create() {
        hosts = new DhcpHostsDirectory(dir, signaller);
    }

    @Test
    void saysWhichDirectoryKeepsAnUnprivilegedDnsmasqOut() throws IOException {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        DhcpHostsDirectory reachable = new DhcpHostsDirectory(open, signaller);
        // The temporary directory's own parents (/tmp, /) let every user through on any sane machine.
        assertThat(reachable.unreachableByOtherUsers()).isEmpty();

        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        assertThat(reachable.unreachableByOtherUsers()).hasValueSatisfying(problem -> assertThat(problem)
                .contains(dir.toString() + " has mode rwx------").contains("search (x)").contains("o+x"));

        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwx--x--x"));
        assertThat(reachable.unreachableByOtherUsers()).as("searchable but not listable: dnsmasq reads the directory")
                .hasValueSatisfying(problem -> assertThat(problem).contains(open + " has mode rwx--x--x")
                        .contains("o+r"));
    }

    @Test
    void allowWritesTheBareMacUnderItsHyphenatedName() throws IOException {
        assertThat(hosts.allow(NODE_A)).isTrue();

        assertThat(Files.readString(dir.resolve("52-54-00-aa-00-01"))).isEqualTo("52:54:00:aa:00:01\n");
        assertThat(fileNames()).containsExactly("52-54-00-aa-00-01");
    }

    @Test
    void denyRewritesTheSameFileWithIgnore() throws IOException {
        hosts.allow(NODE_A);

        assertThat(hosts.deny(NODE_A)).isTrue();

        assertThat(Files.readString(dir.resolve("52-54-00-aa-00-01"))).isEqualTo("52:54:00:aa:00:01,ignore\n");
        assertThat(fileNames()).containsExactly("52-54-00-aa-00-01");
        assertThat(signaller.hangUps()).as("a rewrite needs no signal: dnsmasq sees it by inotify").isZero();
    }

    @Test
    void unchangedAccessLeavesTheFileAlone() throws IOException {
        hosts.deny(NODE_A);
        Path file = dir.resolve(NODE_A.hyphenated());
        var before = Files.getLastModifiedTime(file);
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(before.toMillis() - 60_000));

        assertThat(hosts.deny(NODE_A)).isFalse();
        assertThat(hosts.set(NODE_A, HostAccess.DENY)).isFalse();

        assertThat(Files.getLastModifiedTime(file).toMillis()).isEqualTo(before.toMillis() - 60_000);
    }

    @Test
    void unknownHostsAreAWildcardRecord() throws IOException {
        assertThat(hosts.setUnknownHosts(HostAccess.ALLOW)).isTrue();
        assertThat(Files.readString(dir.resolve("unknown-hosts"))).isEqualTo("*:*:*:*:*:*\n");

        assertThat(hosts.setUnknownHosts(HostAccess.DENY)).isTrue();
        assertThat(Files.readString(dir.resolve("unknown-hosts"))).isEqualTo("*:*:*:*:*:*,ignore\n");
        assertThat(hosts.setUnknownHosts(HostAccess.DENY)).isFalse();
    }

    @Test
    void removeDeletesAndTellsDnsmasqToForget() {
        hosts.allow(NODE_A);

        hosts.remove(NODE_A);
        hosts.remove(NODE_A);

        assertThat(fileNames()).isEmpty();
        assertThat(signaller.hangUps()).as("only a real deletion needs SIGHUP").isEqualTo(1);
    }

    @Test
    void readReportsWhatIsOnDisk() throws IOException {
        hosts.allow(NODE_A);
        hosts.deny(NODE_B);
        Files.writeString(dir.resolve("README"), "not ours\n");
        Files.writeString(dir.resolve("52-54-00-aa-00-09"), "garbage\n");

        HostsSnapshot snapshot = hosts.read();

        assertThat(snapshot.hosts()).isEqualTo(Map.of(NODE_A, HostAccess.ALLOW, NODE_B, HostAccess.DENY));
        assertThat(snapshot.unknownHosts()).isEmpty();
        hosts.setUnknownHosts(HostAccess.ALLOW);
        assertThat(hosts.read().unknownHosts()).contains(HostAccess.ALLOW);
    }

    @Test
    void synchronizeMakesTheDirectoryMatchAndSignalsOnlyForDeletions() throws IOException {
        hosts.allow(NODE_A);
        hosts.allow(NODE_B);
        Files.writeString(dir.resolve("README"), "not ours\n");

        SyncReport first = hosts.synchronize(Map.of(NODE_A, HostAccess.DENY), HostAccess.ALLOW);

        assertThat(first).isEqualTo(new SyncReport(2, 1, true));
        assertThat(signaller.hangUps()).isEqualTo(1);
        assertThat(fileNames()).containsExactlyInAnyOrder("52-54-00-aa-00-01", "unknown-hosts", "README");
        assertThat(Files.readString(dir.resolve("52-54-00-aa-00-01"))).isEqualTo("52:54:00:aa:00:01,ignore\n");
        assertThat(Files.readString(dir.resolve("unknown-hosts"))).isEqualTo("*:*:*:*:*:*\n");

        SyncReport again = hosts.synchronize(Map.of(NODE_A, HostAccess.DENY), HostAccess.ALLOW);

        assertThat(again.unchanged()).isTrue();
        assertThat(again.signalled()).isFalse();
        assertThat(signaller.hangUps()).isEqualTo(1);
    }

    @Test
    void compactAlwaysSignals() {
        hosts.compact();
        assertThat(signaller.hangUps()).isEqualTo(1);
    }

    @Test
    void leavesNoTemporaryFilesBehind() {
        for (int i = 0; i < 20; i++) {
            hosts.set(NODE_A, i % 2 == 0 ? HostAccess.ALLOW : HostAccess.DENY);
        }
        assertThat(fileNames()).containsExactly("52-54-00-aa-00-01");
    }

    @Test
    void aMissingDirectorySaysWhatToDo() {
        DhcpHostsDirectory missing = new DhcpHostsDirectory(dir.resolve("absent"), signaller);

        assertThatThrownBy(() -> missing.allow(NODE_A)).isInstanceOf(PxeException.class).hasMessageContaining("check that the directory exists");
        assertThatThrownBy(missing::read).isInstanceOf(PxeException.class).hasMessageContaining("create it");
    }

    @Test
    void worksWithTheNoOpSignallerWhenNobodyRunsDnsmasq() {
        DhcpHostsDirectory unsignalled = new DhcpHostsDirectory(dir, ProcessSignaller.none());
        unsignalled.allow(NODE_A);
        unsignalled.remove(NODE_A);
        assertThat(unsignalled.read().hosts()).isEmpty();
    }

    private java.util.List<String> fileNames() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
