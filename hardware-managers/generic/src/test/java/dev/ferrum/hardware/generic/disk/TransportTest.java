package dev.ferrum.hardware.generic.disk;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransportTest {

    @ParameterizedTest(name = "{0} at {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "nvme0n1|/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1|nvme",
            "nvme0n1|/devices/virtual/nvme-subsystem/nvme-subsys0/nvme0n1|nvme",
            "sda|/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda|sata",
            "sdb|/devices/pci0000:3a/0000:3a:00.0/0000:3b:00.0/host2/port-2:0/end_device-2:0/target2:0:0/2:0:0:0/block/sdb|sas",
            "sdc|/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0/host5/target5:0:0/5:0:0:0/block/sdc|usb",
            "vda|/devices/pci0000:00/0000:00:02.0/virtio1/block/vda|virtio",
            "sdd|/devices/pci0000:00/0000:00:02.0/virtio0/host0/target0:0:0/0:0:0:0/block/sdd|virtio",
            "sde|/devices/pci0000:80/0000:80:02.0/0000:81:00.0/host7/rport-7:0-0/target7:0:0/7:0:0:0/block/sde|fc",
            "sdf|/devices/platform/host3/session1/target3:0:0/3:0:0:0/block/sdf|iscsi",
            "mmcblk0|/devices/platform/soc/fe340000.mmc/mmc_host/mmc0/mmc0:0001/block/mmcblk0|mmc"})
    void derivesTheTransport(String name, String path, String transport) {
        assertThat(Transport.of(name, path)).contains(transport);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "xvda|/devices/vbd-51712/block/xvda",
            "sda|/devices/pci0000:00/0000:00:1f.0/host0/target0:2:0/0:2:0:0/block/sda",
            "pmem0|/devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0012:00/ndbus0/region0/namespace0.0/block/pmem0"})
    void saysNothingWhenThePathDoesNot(String name, String path) {
        assertThat(Transport.of(name, path)).isEmpty();
    }
}
