package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Removes what identifies a disk's contents: runs {@code wipefs --all --force} on its partitions
 * and the disk when wipefs exists (it knows more signatures than any list), then zeroes every
 * {@link SignatureLocation} itself regardless, and reads all of it back.
 */
final class MetadataWiper {
    private final CommandRunner commands;
    private final DeviceOpener opener;
    private final EraseConfig config;

    MetadataWiper(CommandRunner commands, DeviceOpener opener, EraseConfig config) {
        this.commands = commands;
        this.opener = opener;
        this.config = config;
    }

    /** What the wipe did: the ranges zeroed, whether reading them back found only zeros. */
    record Result(List<WipedRange> ranges, boolean verified, Optional<String> verifyFailure, List<String> notes) {
    }

    Result wipe(TargetDisk target, EraseProgress.Tracker tracker) throws IOException {
        List<String> notes = new ArrayList<>();
        if (commands.isAvailable("wipefs")) {
            // Partitions first, in reverse name order as IPA does: once the disk's table is gone,
            // the kernel may drop the partition nodes.
            List<Partition> partitions = new ArrayList<>(target.partitions());
            partitions.sort(Comparator.comparing(Partition::kernelName).reversed());
            for (Partition partition : partitions) {
                Path node = target.devicePath().resolveSibling(partition.kernelName());
                if (Files.exists(node)) {
                    runNoting(notes, List.of("wipefs", "--all", "--force", node.toString()));
                }
            }
            runNoting(notes, List.of("wipefs", "--all", "--force", target.devicePath().toString()));
        } else {
            notes.add("wipefs not available; zeroed the known signature locations only");
        }
        List<WipedRange> ranges;
        Optional<String> failure;
        try (FileChannel channel = opener.openReadWrite(target.devicePath())) {
            long size = ChannelIo.deviceSize(channel, target.sysfsBytes(), target.devicePath());
            ranges = MetadataLayout.plan(target.kernelName(), size, target.partitions());
            long total = ranges.stream().mapToLong(WipedRange::length).sum();
            tracker.enter(ErasePhase.WIPING_METADATA, total);
            zero(channel, ranges, tracker);
            channel.force(true);
            tracker.enter(ErasePhase.VERIFYING, total);
            failure = verify(channel, ranges, tracker);
        }
        if (isBlockDevice(target.devicePath()) && commands.isAvailable("partprobe")) {
            // Tell the kernel the partition table is gone so the old partition nodes disappear.
            runNoting(notes, List.of("partprobe", target.devicePath().toString()));
        }
        return new Result(ranges, failure.isEmpty(), failure, notes);
    }

    private void zero(FileChannel channel, List<WipedRange> ranges, EraseProgress.Tracker tracker)
            throws IOException {
        ByteBuffer zeros = ChannelIo.alignedBuffer(config.bufferBytes());
        for (WipedRange range : ranges) {
            for (long at = range.offset(); at < range.end(); at += zeros.capacity()) {
                int length = (int) Math.min(zeros.capacity(), range.end() - at);
                zeros.clear().limit(length);
                ChannelIo.writeFully(channel, zeros, at);
                tracker.advance(length);
            }
        }
    }

    private Optional<String> verify(FileChannel channel, List<WipedRange> ranges, EraseProgress.Tracker tracker)
            throws IOException {
        ByteBuffer back = ChannelIo.alignedBuffer(config.bufferBytes());
        for (WipedRange range : ranges) {
            for (long at = range.offset(); at < range.end(); at += back.capacity()) {
                int length = (int) Math.min(back.capacity(), range.end() - at);
                back.clear().limit(length);
                ChannelIo.readFully(channel, back, at);
                back.flip();
                int bad = ChannelIo.firstNonZero(back);
                if (bad >= 0) {
                    return Optional.of("byte " + (at + bad) + " still holds data after zeroing (" + range.kills()
                            + "); the device did not store the write");
                }
                tracker.advance(length);
            }
        }
        return Optional.empty();
    }

    private void runNoting(List<String> notes, List<String> argv) {
        try {
            CommandResult result = commands.run(argv, config.queryTimeout());
            if (!result.succeeded()) {
                notes.add(String.join(" ", argv) + " exited " + result.exitCode() + ": " + result.stderr().strip());
            }
        } catch (CommandException e) {
            // The Java zeroing below still runs; the note tells the operator what extra coverage was lost.
            notes.add(e.getMessage());
        }
    }

    private static boolean isBlockDevice(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    }
}
