package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MetadataLayoutTest {
    private static final long MIB = 1 << 20;
    private static final long GIB = 1L << 30;

    @Test
    void smallDiskGetsFirstAndLastMib() {
        List<WipedRange> ranges = MetadataLayout.plan("sda", 4 * MIB, List.of());

        assertThat(ranges).extracting(WipedRange::offset, WipedRange::length)
                .containsExactly(tuple(0L, MIB),
                        tuple(3 * MIB, MIB));
        assertThat(ranges.get(0).kills()).anyMatch(k -> k.contains("primary GPT"))
                .anyMatch(k -> k.contains("LVM2")).anyMatch(k -> k.contains("ZFS labels L0"));
        assertThat(ranges.get(1).kills()).anyMatch(k -> k.contains("backup GPT"))
                .anyMatch(k -> k.contains("MD RAID 0.90")).anyMatch(k -> k.contains("ZFS labels L2"));
    }

    @Test
    void tinyDiskIsWipedWhole() {
        List<WipedRange> ranges = MetadataLayout.plan("sda", MIB + 4096, List.of());

        assertThat(ranges).singleElement().satisfies(r -> {
            assertThat(r.offset()).isZero();
            assertThat(r.length()).isEqualTo(MIB + 4096);
        });
    }

    @Test
    void largeDiskAlsoLosesBothBtrfsMirrors() {
        List<WipedRange> ranges = MetadataLayout.plan("sdb", 300 * GIB, List.of());

        assertThat(ranges).hasSize(4);
        assertThat(ranges.get(1).offset()).isEqualTo(64 * MIB);
        assertThat(ranges.get(1).kills()).singleElement().asString().contains("btrfs superblock mirror 1");
        assertThat(ranges.get(2).offset()).isEqualTo(256 * GIB);
        assertThat(ranges.get(3).end()).isEqualTo(300 * GIB);
    }

    @Test
    void btrfsMirrorIsOnlyPlannedWhenItFits() {
        assertThat(MetadataLayout.plan("sdc", 64 * MIB + 4095, List.of()))
                .noneMatch(r -> r.kills().stream().anyMatch(k -> k.contains("mirror 1")));
        assertThat(MetadataLayout.plan("sdc", 64 * MIB + 4096, List.of()))
                .anyMatch(r -> r.kills().stream().anyMatch(k -> k.contains("mirror 1")));
    }

    @Test
    void partitionsAreWipedAtTheirOwnOffsets() {
        Partition part = new Partition("sda1", MIB, 200 * MIB);

        List<WipedRange> ranges = MetadataLayout.plan("sda", 400 * MIB, List.of(part));

        // Disk head and partition head touch, so they merge into the first 2 MiB.
        assertThat(ranges.getFirst().offset()).isZero();
        assertThat(ranges.getFirst().length()).isEqualTo(2 * MIB);
        assertThat(ranges.getFirst().kills()).anyMatch(k -> k.startsWith("sda1: ext2/3/4"));
        assertThat(ranges).anyMatch(r -> r.offset() == MIB + 64 * MIB && r.kills().getFirst().startsWith("sda1: btrfs"));
        assertThat(ranges).anyMatch(r -> r.offset() == 200 * MIB && r.end() == 201 * MIB);
    }

    @Test
    void partitionClaimingToRunPastTheDiskIsClipped() {
        List<WipedRange> ranges = MetadataLayout.plan("sda", 8 * MIB, List.of(new Partition("sda1", 4 * MIB, 100 * MIB)));

        assertThat(ranges).allMatch(r -> r.end() <= 8 * MIB);
    }

    @ParameterizedTest
    @ValueSource(longs = {2 * 1024 * 1024 + 512, 10 * 1024 * 1024 + 12345 * 512, 1L << 32, 70 * 1024 * 1024 + 7 * 4096})
    void everySignatureLocationIsInsideAWipedRange(long size) {
        List<WipedRange> ranges = MetadataLayout.plan("sdx", size, List.of());

        for (SignatureLocation location : SignatureLocation.values()) {
            location.locate(size).ifPresent(span -> assertThat(ranges)
                    .as("%s at %d+%d", location, span.offset(), span.length())
                    .anyMatch(r -> r.offset() <= span.offset() && span.offset() + span.length() <= r.end()));
        }
    }

    @Test
    void md090SuperblockIsWhereTheKernelPutsIt() {
        long size = 10 * MIB + 12345 * 512L;

        SignatureLocation.Span span = SignatureLocation.MD_090.locate(size).orElseThrow();

        // MD_NEW_SIZE_SECTORS: round the size down to 64 KiB and step back one 64 KiB block.
        long sectors = size / 512;
        assertThat(span.offset()).isEqualTo(((sectors & ~127L) - 128) * 512);
    }
}
