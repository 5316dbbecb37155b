package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Proves an erase by reading the device back: a seeded choice of blocks (first, last and
 * {@link EraseConfig#verifySamples()} random ones) is hashed before the erase (only SHA-256
 * digests are kept, never the data) and read again afterwards, where each block must meet the
 * method's {@link ReadBackExpectation}.
 */
final class ReadBack {
    static final int BLOCK_BYTES = 4096;

    private final DeviceOpener opener;
    private final EraseConfig config;

    ReadBack(DeviceOpener opener, EraseConfig config) {
        this.opener = opener;
        this.config = config;
    }

    /** The blocks to sample on one device, and the digests they had before the erase. */
    record Plan(Path device, long seed, long size, List<Long> offsets, List<byte[]> before) {
    }

    /** Chooses the samples from {@code seed} and records what they hold now. */
    Plan before(Path device, long sysfsBytes, long seed) throws IOException {
        try (FileChannel channel = opener.openReadWrite(device)) {
            long size = ChannelIo.deviceSize(channel, sysfsBytes, device);
            long blocks = (size + BLOCK_BYTES - 1) / BLOCK_BYTES;
            Set<Long> chosen = new LinkedHashSet<>();
            chosen.add(0L);
            chosen.add((blocks - 1) * BLOCK_BYTES);
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < config.verifySamples(); i++) {
                chosen.add(random.nextLong(blocks) * BLOCK_BYTES);
            }
            List<Long> offsets = List.copyOf(chosen);
            List<byte[]> digests = new ArrayList<>();
            ByteBuffer buffer = ChannelIo.alignedBuffer(BLOCK_BYTES);
            for (long offset : offsets) {
                digests.add(digest(read(channel, buffer, offset, size)));
            }
            return new Plan(device, seed, size, offsets, digests);
        }
    }

    /**
     * Reads the samples again and checks them.
     *
     * @param pattern what the last overwrite pass wrote, for {@link ReadBackExpectation#PATTERN}
     */
    ReadBackVerification after(Plan plan, ReadBackExpectation expectation, Optional<FillPattern> pattern)
            throws IOException {
        if (expectation == ReadBackExpectation.PATTERN && pattern.isEmpty()) {
            throw new IllegalArgumentException("a pattern read-back needs the pattern written");
        }
        List<String> failures = new ArrayList<>();
        try (FileChannel channel = opener.openReadWrite(plan.device())) {
            ByteBuffer buffer = ChannelIo.alignedBuffer(BLOCK_BYTES);
            ByteBuffer expected = ChannelIo.alignedBuffer(BLOCK_BYTES);
            for (int i = 0; i < plan.offsets().size(); i++) {
                long offset = plan.offsets().get(i);
                ByteBuffer data = read(channel, buffer, offset, plan.size());
                Optional<String> problem = switch (expectation) {
                    case UNIFORM -> uniform(data) ? Optional.empty() : Optional.of("not uniformly 0x00 or 0xFF");
                    case CHANGED -> uniform(data) || !Arrays.equals(digest(data), plan.before().get(i))
                            ? Optional.empty() : Optional.of("still holds the data it held before the erase");
                    case PATTERN -> {
                        expected.clear().limit(data.remaining());
                        pattern.get().fill(expected, offset);
                        int mismatch = data.mismatch(expected);
                        yield mismatch < 0 ? Optional.empty()
                                : Optional.of("differs from the pattern written at byte " + (offset + mismatch));
                    }
                };
                problem.ifPresent(p -> failures.add("block at offset " + offset + " " + p));
            }
        }
        int samples = plan.offsets().size();
        String detail = failures.isEmpty()
                ? samples + " of " + samples + " sampled blocks read back as expected"
                : failures.size() + " of " + samples + " sampled blocks failed, first: " + failures.getFirst();
        return new ReadBackVerification(plan.seed(), BLOCK_BYTES, plan.offsets(), expectation, failures.isEmpty(),
                detail);
    }

    private static ByteBuffer read(FileChannel channel, ByteBuffer buffer, long offset, long size)
            throws IOException {
        buffer.clear().limit((int) Math.min(BLOCK_BYTES, size - offset));
        ChannelIo.readFully(channel, buffer, offset);
        return buffer.flip();
    }

    private static boolean uniform(ByteBuffer data) {
        if (!data.hasRemaining()) {
            return true;
        }
        byte first = data.get(data.position());
        if (first != 0 && first != (byte) 0xFF) {
            return false;
        }
        for (int i = data.position(); i < data.limit(); i++) {
            if (data.get(i) != first) {
                return false;
            }
        }
        return true;
    }

    private static byte[] digest(ByteBuffer data) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(data.duplicate());
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
