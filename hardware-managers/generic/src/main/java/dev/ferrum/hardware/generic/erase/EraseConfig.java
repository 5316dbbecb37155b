package dev.ferrum.hardware.generic.erase;

import java.time.Duration;
import java.util.Objects;

/**
 * How this agent erases, set once by {@code Main}: the I/O buffer for overwrites (a multiple of
 * 4096 so writes stay aligned to any sector size), how many random blocks to read back after an
 * overwrite (besides the first and last) or whether to read everything back, the temporary ATA
 * password (IPA's {@code NULL}, so drives either agent left locked can be unlocked by the other),
 * timeouts for querying and for firmware erases, how often a running sanitize is polled, and the
 * agent's own skip list.
 */
public record EraseConfig(
        int bufferBytes,
        int verifySamples,
        boolean verifyFully,
        String ataPassword,
        Duration queryTimeout,
        Duration firmwareEraseTimeout,
        Duration sanitizePollInterval,
        SkipList skipList) {

    /** 4 MiB aligned writes, 16 random samples, 24 h for a firmware erase, nothing skipped. */
    public static final EraseConfig DEFAULTS = new EraseConfig(4 << 20, 16, false, "NULL", Duration.ofMinutes(2),
            Duration.ofHours(24), Duration.ofSeconds(10), SkipList.EMPTY);

    private static final int ALIGNMENT = 4096;

    public EraseConfig {
        if (bufferBytes < ALIGNMENT || bufferBytes % ALIGNMENT != 0) {
            throw new DiskEraseException("bufferBytes must be a positive multiple of 4096, got " + bufferBytes);
        }
        if (verifySamples < 0) {
            throw new DiskEraseException("verifySamples must not be negative, got " + verifySamples);
        }
        Objects.requireNonNull(ataPassword, "ataPassword");
        if (ataPassword.isEmpty() || ataPassword.chars().anyMatch(Character::isWhitespace)) {
            throw new DiskEraseException("the temporary ATA password must be one word");
        }
        Objects.requireNonNull(queryTimeout, "queryTimeout");
        Objects.requireNonNull(firmwareEraseTimeout, "firmwareEraseTimeout");
        Objects.requireNonNull(sanitizePollInterval, "sanitizePollInterval");
        Objects.requireNonNull(skipList, "skipList");
    }

    /** The same configuration with another buffer size (tests use small ones). */
    public EraseConfig withBufferBytes(int bytes) {
        return new EraseConfig(bytes, verifySamples, verifyFully, ataPassword, queryTimeout, firmwareEraseTimeout,
                sanitizePollInterval, skipList);
    }

    /** The same configuration reading back {@code samples} random blocks, or everything when {@code fully}. */
    public EraseConfig withVerification(int samples, boolean fully) {
        return new EraseConfig(bufferBytes, samples, fully, ataPassword, queryTimeout, firmwareEraseTimeout,
                sanitizePollInterval, skipList);
    }

    /** The same configuration with the agent's own skip list. */
    public EraseConfig withSkipList(SkipList list) {
        return new EraseConfig(bufferBytes, verifySamples, verifyFully, ataPassword, queryTimeout,
                firmwareEraseTimeout, sanitizePollInterval, list);
    }

    /** The same configuration polling a running sanitize every {@code interval} (tests use zero). */
    public EraseConfig withSanitizePollInterval(Duration interval) {
        return new EraseConfig(bufferBytes, verifySamples, verifyFully, ataPassword, queryTimeout,
                firmwareEraseTimeout, interval, skipList);
    }

    /** The same configuration giving a firmware erase or sanitize at most {@code timeout}. */
    public EraseConfig withFirmwareEraseTimeout(Duration timeout) {
        return new EraseConfig(bufferBytes, verifySamples, verifyFully, ataPassword, queryTimeout, timeout,
                sanitizePollInterval, skipList);
    }
}
