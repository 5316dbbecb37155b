package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Erases a device by writing it end to end: {@code randomPasses} passes of pseudo-random data,
 * then zeros when asked (IPA's shred order), each pass forced to the device before the next so a
 * cache cannot fold the passes together. Afterwards it reads back the first and last block and
 * random samples (or everything) and compares them with what the last pass wrote.
 */
final class Overwriter {
    private final DeviceOpener opener;
    private final EraseConfig config;

    Overwriter(DeviceOpener opener, EraseConfig config) {
        this.opener = opener;
        this.config = config;
    }

    /** What the overwrite did: the device size, the passes written (and the last one), and how reading back went. */
    record Result(long deviceBytes, int passes, FillPattern lastPass, boolean verified, Optional<String> verifyFailure) {
    }

    /**
     * Overwrites {@code device}; {@code random} seeds the random passes and picks the samples.
     *
     * @throws IOException when the device refuses a write or read; a device that accepts writes
     *     but returns other data is reported in the result instead
     */
    Result overwrite(Path device, long sysfsBytes, int randomPasses, boolean zeroize, RandomGenerator random,
            EraseProgress.Tracker tracker) throws IOException {
        List<FillPattern> passes = new ArrayList<>();
        for (int i = 0; i < randomPasses; i++) {
            passes.add(FillPattern.random(random.nextLong()));
        }
        if (zeroize) {
            passes.add(FillPattern.zeros());
        }
        if (passes.isEmpty()) {
            throw new DiskEraseException("an overwrite needs at least one pass");
        }
        try (FileChannel channel = opener.openReadWrite(device)) {
            long size = ChannelIo.deviceSize(channel, sysfsBytes, device);
            ByteBuffer buffer = ChannelIo.alignedBuffer(config.bufferBytes());
            tracker.enter(ErasePhase.OVERWRITING, size * passes.size());
            for (FillPattern pass : passes) {
                writePass(channel, pass, size, buffer, tracker);
            }
            FillPattern last = passes.getLast();
            List<Long> blocks = blocksToCheck(size, random);
            long checkedBytes = blocks.stream().mapToLong(b -> blockLength(b, size)).sum();
            tracker.enter(ErasePhase.VERIFYING, checkedBytes);
            Optional<String> failure = verify(channel, last, size, blocks, buffer, tracker);
            return new Result(size, passes.size(), last, failure.isEmpty(), failure);
        }
    }

    private void writePass(FileChannel channel, FillPattern pattern, long size, ByteBuffer buffer,
            EraseProgress.Tracker tracker) throws IOException {
        if (pattern.isZero()) {
            buffer.clear();
            pattern.fill(buffer, 0); // zeros are the same everywhere: fill once
        }
        for (long at = 0; at < size; at += buffer.capacity()) {
            int length = (int) Math.min(buffer.capacity(), size - at);
            buffer.clear().limit(length);
            if (!pattern.isZero()) {
                pattern.fill(buffer, at);
            }
            ChannelIo.writeFully(channel, buffer, at);
            tracker.advance(length);
        }
        channel.force(true);
    }

    /** Block indexes to read back: first, last, then the configured number of random ones. */
    private List<Long> blocksToCheck(long size, RandomGenerator random) {
        long blockCount = (size + config.bufferBytes() - 1) / config.bufferBytes();
        Set<Long> blocks = new LinkedHashSet<>();
        if (config.verifyFully()) {
            for (long b = 0; b < blockCount; b++) {
                blocks.add(b);
            }
            return List.copyOf(blocks);
        }
        blocks.add(0L);
        blocks.add(blockCount - 1);
        for (int i = 0; i < config.verifySamples(); i++) {
            blocks.add(random.nextLong(blockCount));
        }
        return List.copyOf(blocks);
    }

    /** Block {@code block}'s length: a full buffer, or what is left at the end of the device. */
    private int blockLength(long block, long size) {
        return (int) Math.min(config.bufferBytes(), size - block * config.bufferBytes());
    }

    private Optional<String> verify(FileChannel channel, FillPattern pattern, long size, List<Long> blocks,
            ByteBuffer buffer, EraseProgress.Tracker tracker) throws IOException {
        ByteBuffer expected = ChannelIo.alignedBuffer(config.bufferBytes());
        for (long block : blocks) {
            long at = block * config.bufferBytes();
            int length = blockLength(block, size);
            buffer.clear().limit(length);
            ChannelIo.readFully(channel, buffer, at);
            buffer.flip();
            expected.clear().limit(length);
            pattern.fill(expected, at);
            int mismatch = buffer.mismatch(expected);
            if (mismatch >= 0) {
                return Optional.of("read-back mismatch at byte " + (at + mismatch) + " (block " + block + " of "
                        + ((size + config.bufferBytes() - 1) / config.bufferBytes()) + "): the device returned "
                        + "data the last " + (pattern.isZero() ? "zero" : "random") + " pass did not write");
            }
            tracker.advance(length);
        }
        return Optional.empty();
    }
}
