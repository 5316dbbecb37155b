package dev.ferrum.hardware.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DevicePathsTest {
    @TempDir
    Path root;
    private final FakeCommandRunner commands = new FakeCommandRunner();

    @BeforeEach
    void disks() throws IOException {
        Files.createDirectories(root.resolve("dev/disk/by-id"));
        Files.write(root.resolve("dev/vda"), new byte[512]);
        Files.createSymbolicLink(root.resolve("dev/disk/by-id/virtio-1"), Path.of("../../vda"));
        Files.createSymbolicLink(root.resolve("dev/escape"), root.getParent());
    }

    private MachineContext machine(DiskAccess access) {
        return new MachineContext(root, commands, access);
    }

    @Test
    void aRelocatedRootLetsFilesStandInAndTheRealRootDoesNot() {
        assertThat(new MachineContext(root, commands).diskAccess()).isEqualTo(DiskAccess.REGULAR_FILES_ALLOWED);
        assertThat(new MachineContext(Path.of("/"), commands).diskAccess()).isEqualTo(DiskAccess.BLOCK_DEVICES_ONLY);
    }

    @Test
    void aFileStandsInForADiskOnlyWhenAllowed() throws IOException {
        assertThat(machine(DiskAccess.REGULAR_FILES_ALLOWED).resolveDevice("/dev/vda"))
                .isEqualTo(new DeviceResolution.Resolved(root.resolve("dev/vda").toRealPath()));
        assertThat(machine(DiskAccess.BLOCK_DEVICES_ONLY).resolveDevice("/dev/vda"))
                .isInstanceOfSatisfying(DeviceResolution.Refused.class, refused -> {
                    assertThat(refused.problem()).isEqualTo(DeviceResolution.Problem.NOT_A_DEVICE);
                    assertThat(refused.reason()).contains("--file-disks");
                });
    }

    @Test
    void linksAreFollowedButMayNotLeaveDev() throws IOException {
        assertThat(machine(DiskAccess.REGULAR_FILES_ALLOWED).resolveDevice("/dev/disk/by-id/virtio-1"))
                .isEqualTo(new DeviceResolution.Resolved(root.resolve("dev/vda").toRealPath()));
        assertThat(machine(DiskAccess.REGULAR_FILES_ALLOWED).resolveDevice("/dev/escape"))
                .isInstanceOfSatisfying(DeviceResolution.Refused.class,
                        r -> assertThat(r.problem()).isEqualTo(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT));
    }

    @Test
    void namesOutsideDevAndMissingNodesAreRefused() {
        var machine = machine(DiskAccess.REGULAR_FILES_ALLOWED);

        assertThat(machine.resolveDevice("/etc/passwd")).isInstanceOfSatisfying(DeviceResolution.Refused.class,
                r -> assertThat(r.problem()).isEqualTo(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT));
        assertThat(machine.resolveDevice("/dev/../../etc/passwd")).isInstanceOfSatisfying(DeviceResolution.Refused.class,
                r -> assertThat(r.problem()).isEqualTo(DeviceResolution.Problem.OUTSIDE_DEVICE_ROOT));
        assertThat(machine.resolveDevice("/dev/sdz")).isInstanceOfSatisfying(DeviceResolution.Refused.class,
                r -> assertThat(r.problem()).isEqualTo(DeviceResolution.Problem.MISSING));
    }

    @Test
    void aCharacterDeviceIsNotADisk() {
        var real = new MachineContext(Path.of("/"), commands);

        assertThat(real.resolveDevice("/dev/null")).isInstanceOfSatisfying(DeviceResolution.Refused.class,
                r -> assertThat(r.problem()).isEqualTo(DeviceResolution.Problem.NOT_A_DEVICE));
    }
}
