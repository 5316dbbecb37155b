package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.cpu.CpuReader;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.net.IpAddressSource;
import dev.ferrum.hardware.generic.net.NicReader;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.NetworkInterface;
import org.junit.jupiter.api.Test;

/** What the parsers read from the multi-NVMe and bonded-NIC trees the OSHI contract test also runs on. */
class NewFixtureTreesTest {

    @Test
    void everyNvmeNamespaceIsADiskWithItsControllersSerial() {
        var disks = BlockDeviceReader.read(Fixtures.machine("nvme-server"));
        assertThat(disks).extracting(Disk::name)
                .containsExactly("/dev/nvme0n1", "/dev/nvme1n1", "/dev/nvme2n1", "/dev/nvme3n1", "/dev/nvme3n2");
        assertThat(disks).allSatisfy(d -> {
            assertThat(d.tran()).contains("nvme");
            assertThat(d.rotational()).isFalse();
            assertThat(d.wwn()).isPresent();
            assertThat(d.byPath()).isPresent();
        });
        assertThat(disks.get(3).serial()).isEqualTo(disks.get(4).serial()).contains("BTLJ0000000A1P0B");
        assertThat(disks.get(3).wwn()).isNotEqualTo(disks.get(4).wwn());
        assertThat(disks.get(4).size()).isEqualTo(209_715_200L * 512);
        var cpu = new CpuReader(CpuProbe.NONE).read(Fixtures.machine("nvme-server"));
        assertThat(cpu.count()).isEqualTo(8);
        assertThat(cpu.socketCount()).contains(2);
    }

    @Test
    void bondPortsReportTheirPermanentMacsAndTheBondAndVlanAreLeftOut() {
        var nics = new NicReader(IpAddressSource.NONE).read(Fixtures.machine("bonded"));
        assertThat(nics).extracting(NetworkInterface::name, NetworkInterface::macAddress).containsExactly(
                tuple("ens2f0", "b8:59:9f:00:00:20"),
                tuple("ens2f1", "b8:59:9f:00:00:21"));
        assertThat(nics).allSatisfy(n -> {
            assertThat(n.driver()).contains("mlx5_core");
            assertThat(n.speedMbps()).contains(25_000);
        });
    }
}
