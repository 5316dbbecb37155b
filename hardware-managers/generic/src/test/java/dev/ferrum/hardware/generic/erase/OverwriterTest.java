package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverwriterTest {
    private static final int BLOCK = 64 * 1024;
    private static final long SIZE = 40L * BLOCK + 4096; // last block shorter than the others

    @TempDir
    Path temp;

    @Test
    void overwritesWithRandomThenZerosAndVerifies() throws IOException {
        Path disk = oldDisk();
        EraseProgress progress = new EraseProgress();

        Overwriter.Result result = overwriter(DeviceOpener.files(), 4, false)
                .overwrite(disk, 0, 1, true, new SplittableRandom(1), progress.track("/dev/sda"));

        assertThat(result.verified()).isTrue();
        assertThat(result.passes()).isEqualTo(2);
        assertThat(result.deviceBytes()).isEqualTo(SIZE);
        assertThat(allZero(Files.readAllBytes(disk))).isTrue();
        assertThat(progress.snapshot()).singleElement().satisfies(p -> {
            assertThat(p.phase()).isEqualTo(ErasePhase.VERIFYING);
            assertThat(p.bytesDone()).isEqualTo(p.bytesTotal()).isPositive();
        });
    }

    @Test
    void randomOnlyPassesAreVerifiedAgainstRegeneratedData() throws IOException {
        Path disk = oldDisk();

        Overwriter.Result result = overwriter(DeviceOpener.files(), 4, true)
                .overwrite(disk, 0, 2, false, new SplittableRandom(2), new EraseProgress().track("/dev/sda"));

        byte[] after = Files.readAllBytes(disk);
        assertThat(result.verified()).isTrue();
        assertThat(allZero(after)).isFalse();
        assertThat(countOf(after, (byte) 0xAB)).isLessThan(after.length / 100);
    }

    @Test
    void lyingDiskIsCaughtAtTheLastBlock() throws IOException {
        Path disk = oldDisk();
        DeviceOpener liar = device -> new LyingChannel(open(device), SIZE - 512, SIZE);

        Overwriter.Result result = overwriter(liar, 0, false)
                .overwrite(disk, 0, 1, true, new SplittableRandom(3), new EraseProgress().track("/dev/sda"));

        assertThat(result.verified()).isFalse();
        assertThat(result.verifyFailure()).hasValueSatisfying(f -> assertThat(f)
                .contains("mismatch at byte " + (SIZE - 512)).contains("zero pass"));
    }

    @Test
    void lyingBlockInTheMiddleIsCaughtByFullReadBack() throws IOException {
        Path disk = oldDisk();
        long planted = 17L * BLOCK + 100;
        DeviceOpener liar = device -> new LyingChannel(open(device), planted, planted + 1);

        Overwriter.Result sampled = overwriter(liar, 0, false)
                .overwrite(disk, 0, 0, true, new SplittableRandom(4), new EraseProgress().track("/dev/sda"));
        Overwriter.Result full = overwriter(liar, 0, true)
                .overwrite(disk, 0, 0, true, new SplittableRandom(4), new EraseProgress().track("/dev/sda"));

        assertThat(sampled.verified()).as("first and last block only").isTrue();
        assertThat(full.verifyFailure()).hasValueSatisfying(f -> assertThat(f).contains("byte " + planted));
    }

    @Test
    void randomSampleThatHitsThePlantedBlockCatchesIt() throws IOException {
        Path disk = oldDisk();
        long planted = 17L * BLOCK + 4000;
        DeviceOpener liar = device -> new LyingChannel(open(device), planted, planted + 8);

        Overwriter.Result missed = overwriter(liar, 1, false)
                .overwrite(disk, 0, 1, true, new ScriptedSamples(5), new EraseProgress().track("/dev/sda"));
        Overwriter.Result hit = overwriter(liar, 1, false)
                .overwrite(disk, 0, 1, true, new ScriptedSamples(17), new EraseProgress().track("/dev/sda"));

        assertThat(missed.verified()).isTrue();
        assertThat(hit.verifyFailure()).hasValueSatisfying(f -> assertThat(f).contains("block 17 of 41"));
    }

    private Overwriter overwriter(DeviceOpener opener, int samples, boolean fully) {
        return new Overwriter(opener, EraseConfig.DEFAULTS.withBufferBytes(BLOCK).withVerification(samples, fully));
    }

    /** A "used" disk: every byte 0xAB. */
    private Path oldDisk() throws IOException {
        byte[] old = new byte[(int) SIZE];
        Arrays.fill(old, (byte) 0xAB);
        return Files.write(temp.resolve("disk"), old);
    }

    private static FileChannel open(Path device) throws IOException {
        return FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static boolean allZero(byte[] bytes) {
        for (byte b : bytes) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    private static long countOf(byte[] bytes, byte value) {
        long count = 0;
        for (byte b : bytes) {
            if (b == value) {
                count++;
            }
        }
        return count;
    }

    /** Seeds passes with a constant and always samples the same block. */
    private record ScriptedSamples(long block) implements RandomGenerator {
        @Override
        public long nextLong() {
            return 42;
        }

        @Override
        public long nextLong(long bound) {
            return block;
        }
    }
}
