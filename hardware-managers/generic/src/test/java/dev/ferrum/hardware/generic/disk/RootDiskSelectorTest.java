package dev.ferrum.hardware.generic.disk;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.registry.RootDeviceHintsJson;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

class RootDiskSelectorTest {
    private static final long GIB = 1L << 30;
    private static final Disk TINY = Disk.of("/dev/sdc", 2 * GIB, false);
    private static final Disk SMALL = Disk.of("/dev/sda", 100 * GIB, false);
    private static final Disk SMALL_TOO = Disk.of("/dev/sdd", 100 * GIB, true);
    private static final Disk BIG = Disk.of("/dev/sdb", 2000 * GIB, true);

    private static RootDeviceHints hints(String json) throws Exception {
        return RootDeviceHintsJson.fromJson(new ObjectMapper().readTree(json));
    }

    @Test
    void withoutHintsTheSmallestDiskOfAtLeast4GibWins() {
        assertThat(RootDiskSelector.select(List.of(BIG, TINY, SMALL), RootDeviceHints.NONE)).isEqualTo(Answer.of(SMALL));
        assertThat(RootDiskSelector.select(List.of(Disk.of("/dev/sde", RootDiskSelector.MIN_SIZE_BYTES, false)),
                RootDeviceHints.NONE)).isInstanceOf(Answer.Answered.class);
    }

    @Test
    void tiesGoToTheFirstListed() {
        assertThat(RootDiskSelector.select(List.of(BIG, SMALL_TOO, SMALL), RootDeviceHints.NONE))
                .isEqualTo(Answer.of(SMALL_TOO));
    }

    @Test
    void hintsPickTheFirstMatchingDiskWhateverItsSize() throws Exception {
        assertThat(RootDiskSelector.select(List.of(TINY, SMALL, BIG), hints("{\"rotational\": true}")))
                .isEqualTo(Answer.of(BIG));
        assertThat(RootDiskSelector.select(List.of(TINY, SMALL, BIG), hints("{\"size\": \"<= 2\"}")))
                .isEqualTo(Answer.of(TINY));
    }

    @Test
    void refusingWithHintsListsEveryDiskAndWhy() throws Exception {
        Answer<Disk> answer = RootDiskSelector.select(List.of(SMALL, BIG), hints("{\"size\": \">= 3000\"}"));
        assertThat(answer).isInstanceOfSatisfying(Answer.Declined.class, d -> assertThat(d.reason()).isEqualTo(
                "no disk matches root device hints {size: \">= 3000\"} (/dev/sda: size is 100.00 GiB, wanted >= 3000; "
                        + "/dev/sdb: size is 2000.00 GiB, wanted >= 3000); check properties.root_device"));
    }

    @Test
    void refusingWithoutHintsListsEveryDiskAndWhy() {
        assertThat(RootDiskSelector.select(List.of(TINY, Disk.of("/dev/sdf", GIB / 2, false)), RootDeviceHints.NONE))
                .isEqualTo(Answer.declined("no disk is large enough for a root disk (/dev/sdc: 2.00 GiB is below the "
                        + "4 GiB minimum; /dev/sdf: 0.50 GiB is below the 4 GiB minimum)"));
        assertThat(RootDiskSelector.select(List.of(), RootDeviceHints.NONE))
                .isEqualTo(Answer.declined("no disks were found on this machine"));
    }

    @Test
    void everyDiskFieldCanSteerTheChoice() throws Exception {
        Disk described = new Disk("/dev/nvme0n1", Optional.of("SAMSUNG MZQL2960HCJR-00A07"), 960 * GIB, false,
                Optional.of("eui.0025388b91b1234e"), Optional.of("S64FNE0R123456"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of("/dev/disk/by-path/pci-0000:3d:00.0-nvme-1"),
                Optional.of(512), Optional.of(512), Optional.of("nvme"));
        assertThat(RootDiskSelector.select(List.of(SMALL, described), hints("""
                {"model": "<in> mzql", "serial": "s== s64fne0r123456", "wwn": "eui.0025388b91b1234e",
                 "name": "<or> nvme0n1 <or> nvme1n1", "by_path": "pci-0000:3d:00.0-nvme-1", "tran": "nvme",
                 "size": "> 900"}""")))
                .isEqualTo(Answer.of(described));
    }
}
