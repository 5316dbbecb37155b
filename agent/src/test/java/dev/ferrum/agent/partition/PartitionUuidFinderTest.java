package dev.ferrum.agent.partition;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PartitionUuidFinderTest {

    private static final UUID ROOT_GUID = UUID.fromString("4F68BCE3-0000-4DB1-96E7-FBCAF984B709");
    private static final UUID ESP_GUID = UUID.fromString("C12A7328-1111-11D2-BA4B-00A0C93EC93B");

    private final ObjectMapper json = WireJson.newMapper();

    @Test
    void gptReportsLowerCasePartUuidsAndDevicePathsUnderIronicsKeys() throws Exception {
        GptPartitionTable gpt = gpt(
                part(1, PartitionTypes.BIOS_BOOT, UUID.randomUUID(), "", 2048, 4095),
                part(2, PartitionTypes.EFI_SYSTEM, ESP_GUID, "EFI", 4096, 20479),
                part(3, PartitionTypes.LINUX_FILESYSTEM, ROOT_GUID, "root", 20480, 99_999), // smaller than config-2
                part(4, PartitionTypes.LINUX_FILESYSTEM, UUID.randomUUID(), "config-2", 1_000_000, 1_900_000));

        PartitionUuids uuids = PartitionUuidFinder.find(gpt, "/dev/sda");

        assertThat(uuids.rootUuid()).contains("4f68bce3-0000-4db1-96e7-fbcaf984b709");
        assertThat(uuids.efiSystemPartitionUuid()).contains("c12a7328-1111-11d2-ba4b-00a0c93ec93b");
        assertThat(uuids.partitions()).containsExactly(
                Map.entry("root", "/dev/sda3"), Map.entry("efi system partition", "/dev/sda2"),
                Map.entry("BIOS Boot partition", "/dev/sda1"), Map.entry("configdrive", "/dev/sda4"));
        assertThat(json.writeValueAsString(uuids)).isEqualTo("{\"partitions\":{\"root\":\"/dev/sda3\","
                + "\"efi system partition\":\"/dev/sda2\",\"BIOS Boot partition\":\"/dev/sda1\","
                + "\"configdrive\":\"/dev/sda4\"},\"root uuid\":\"4f68bce3-0000-4db1-96e7-fbcaf984b709\","
                + "\"efi system partition uuid\":\"c12a7328-1111-11d2-ba4b-00a0c93ec93b\"}");
    }

    @Test
    void discoverableRootTypeWinsOverALargerGenericLinuxPartition() {
        GptPartitionTable gpt = gpt(
                part(1, PartitionTypes.LINUX_FILESYSTEM, UUID.randomUUID(), "data", 2048, 9_999_999),
                part(2, UUID.fromString("b921b045-1df0-41c3-af44-4c6f280d3fae"), ROOT_GUID, "", 10_000_000, 10_100_000));

        assertThat(PartitionUuidFinder.find(gpt, "/dev/nvme0n1").partitions()).containsEntry("root", "/dev/nvme0n1p2");
    }

    @Test
    void olderPartedImagesWithBasicDataRootStillHaveARoot() {
        GptPartitionTable gpt = gpt(part(1, PartitionTypes.MICROSOFT_BASIC_DATA, ROOT_GUID, "", 2048, 99_999));

        assertThat(PartitionUuidFinder.find(gpt, "/dev/vda").rootUuid()).contains(ROOT_GUID.toString());
    }

    @Test
    void gptWithoutRootOrEspSerialisesNullsLikeIpasNone() throws Exception {
        GptPartitionTable gpt = gpt(part(1, PartitionTypes.LINUX_SWAP, UUID.randomUUID(), "", 2048, 4095));

        assertThat(json.writeValueAsString(PartitionUuidFinder.find(gpt, "/dev/sdb"))).isEqualTo(
                "{\"partitions\":{\"swap\":\"/dev/sdb1\"},\"root uuid\":null,\"efi system partition uuid\":null}");
    }

    @Test
    void mbrUsesTheDiskSignatureAndPrefersTheBootableLinuxPartition() throws Exception {
        MbrPartitionTable mbr = new MbrPartitionTable(0x0badcafeL, List.of(
                new MbrPartition(1, MbrPartition.TYPE_EFI_SYSTEM, 2048, 4096, false),
                new MbrPartition(2, MbrPartition.TYPE_LINUX, 6144, 2048, true),
                new MbrPartition(3, MbrPartition.TYPE_LINUX, 8192, 900_000, false),
                new MbrPartition(4, MbrPartition.TYPE_EXTENDED_LBA, 1_000_000, 100_000, false),
                new MbrPartition(5, MbrPartition.TYPE_LINUX_SWAP, 1_002_048, 4096, false)));

        PartitionUuids uuids = PartitionUuidFinder.find(mbr, "/dev/sda");

        assertThat(uuids.rootUuid()).contains("0badcafe-02");
        assertThat(uuids.efiSystemPartitionUuid()).contains("0badcafe-01");
        assertThat(json.writeValueAsString(uuids)).isEqualTo("{\"partitions\":{\"root\":\"/dev/sda2\","
                + "\"efi system partition\":\"/dev/sda1\",\"swap\":\"/dev/sda5\"},\"root uuid\":\"0badcafe-02\","
                + "\"efi system partition uuid\":\"0badcafe-01\"}");
    }

    @Test
    void mbrWithoutBootableLinuxTakesTheLargestLinuxPartition() {
        MbrPartitionTable mbr = new MbrPartitionTable(0x12345678L, List.of(
                new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 2048, false),
                new MbrPartition(2, MbrPartition.TYPE_FAT32_CHS, 4096, 2048, true),
                new MbrPartition(3, MbrPartition.TYPE_LINUX, 8192, 90_000, false)));

        assertThat(PartitionUuidFinder.find(mbr, "/dev/sda").rootUuid()).contains("12345678-03");
    }

    @Test
    void prepBootPartitionIsReportedOnlyWhenPresent() throws Exception {
        MbrPartitionTable mbr = new MbrPartitionTable(0x1L, List.of(
                new MbrPartition(1, MbrPartition.TYPE_PREP_BOOT, 2048, 16384, true),
                new MbrPartition(2, MbrPartition.TYPE_LINUX, 18432, 90_000, false)));

        PartitionUuids uuids = PartitionUuidFinder.find(mbr, "/dev/sda");

        assertThat(uuids.prepBootPartitionUuid()).contains("00000001-01");
        assertThat(json.writeValueAsString(uuids)).contains("\"PReP Boot partition uuid\":\"00000001-01\"");
    }

    @Test
    void noPartitionTableFindsNothing() {
        assertThat(PartitionUuidFinder.find(new NoPartitionTable("raw"), "/dev/sda"))
                .isEqualTo(new PartitionUuids(Optional.empty(), Optional.empty(), Optional.empty(), Map.of()));
    }

    @Test
    void partitionDeviceNamesFollowLinux() {
        assertThat(PartitionDevices.path("/dev/sda", 3)).isEqualTo("/dev/sda3");
        assertThat(PartitionDevices.path("/dev/nvme0n1", 1)).isEqualTo("/dev/nvme0n1p1");
        assertThat(PartitionDevices.path("/dev/mmcblk0", 2)).isEqualTo("/dev/mmcblk0p2");
        assertThat(PartitionDevices.path("/dev/md127", 1)).isEqualTo("/dev/md127p1");
    }

    private static GptPartition part(int number, UUID type, UUID unique, String name, long first, long last) {
        return new GptPartition(number, type, unique, name, first, last, 0);
    }

    private static GptPartitionTable gpt(GptPartition... partitions) {
        GptHeader header = new GptHeader(GptHeader.REVISION_1_0, 92, 1, 2_000_000 - 1, 34, 2_000_000 - 34,
                UUID.randomUUID(), 2, 128, 128);
        return new GptPartitionTable(header, List.of(partitions), GptCopyStatus.VALID, GptCopyStatus.VALID, 2_000_000 - 1);
    }
}
