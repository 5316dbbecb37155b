package dev.ferrum.agent.rescue;

import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * Sets root's password in the machine's {@code etc/shadow} and leaves IPA's {@code etc/.rescued} marker.
 * On the live machine ({@code /}) it refuses unless the root file system is the ramdisk, so an agent run
 * on an installed system or in a container never changes that system's passwords; a relocated root (the
 * sandbox, tests) is a tree of files and always allowed.
 */
public final class RescuePassword {
    private final MachineContext machine;
    private final Clock clock;

    public RescuePassword(MachineContext machine, Clock clock) {
        this.machine = machine;
        this.clock = clock;
    }

    /**
     * Writes {@code hash} as root's password.
     *
     * @throws RescueRefusedException when this is not a ramdisk, or the hash is not a SHA-crypt string
     * @throws IOException when the shadow file cannot be written
     */
    public void set(String hash) throws IOException {
        if (!ShadowFile.isShaCrypt(hash)) {
            throw new RescueRefusedException("the rescue password is not a SHA-256 or SHA-512 crypt hash ($5$ or"
                    + " $6$); send it hashed, as Ironic does");
        }
        if (machine.isLive()) {
            String mounts = Files.readString(machine.proc().resolve("mounts"), StandardCharsets.UTF_8);
            if (!RamdiskRoot.isRamdisk(mounts)) {
                throw new RescueRefusedException("this agent does not run from a ramdisk (/ is not rootfs, tmpfs or"
                        + " ramfs), so it will not change this system's root password; rescue needs the agent ramdisk");
            }
        }
        Path etc = machine.etc();
        Files.createDirectories(etc);
        Path shadow = etc.resolve("shadow");
        Optional<String> existing = Files.exists(shadow)
                ? Optional.of(Files.readString(shadow, StandardCharsets.UTF_8)) : Optional.empty();
        long days = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toEpochDay();
        Path written = Files.createTempFile(etc, ".shadow", ".new");
        try {
            restrict(written);
            Files.writeString(written, ShadowFile.withRootPassword(existing, hash, days), StandardCharsets.UTF_8);
            try {
                Files.move(written, shadow, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(written, shadow, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(written);
        }
        Files.writeString(etc.resolve(".rescued"), "", StandardCharsets.UTF_8);
    }

    // Only root may read password hashes; a file system without POSIX permissions keeps its default.
    private static void restrict(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system (never the ramdisk's).
        }
    }
}
