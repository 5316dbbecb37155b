package dev.ferrum.agent.partition;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/** Builds disk images and config drives in files for the tests: sparse, so large disks cost nothing. */
public final class DiskImages {

    static final long MIB = 1024L * 1024;

    private DiskImages() {
    }

    public static FileChannel open(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A sparse file of {@code bytes}. */
    public static Path blank(Path dir, String name, long bytes) {
        try {
            Path file = dir.resolve(name);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.allocate(1), bytes - 1);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Grows the file as writing a smaller image onto a larger disk would leave it. */
    public static void growTo(Path file, long bytes) {
        try (FileChannel ch = open(file)) {
            ch.write(ByteBuffer.allocate(1), bytes - 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static DiskGeometry geometry(Path file, SectorSize sectorSize) {
        try {
            return new DiskGeometry(Files.size(file), sectorSize);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A typical cloud image's layout: ESP then a root filling the rest of {@code imageMiB}, 1 MiB aligned. */
    public static GptLayout cloudImageLayout(SectorSize sectorSize, long imageMiB) {
        long mib = sectorSize.sectorsPerMiB();
        long arraySectors = GptHeader.ceilDiv(128 * 128, sectorSize.bytes());
        long lastUsable = imageMiB * mib - 1 - arraySectors - 1;
        return GptLayout.standard(UUID.fromString("11111111-2222-3333-4444-555555555555"), sectorSize, List.of(
                new GptPartition(1, PartitionTypes.EFI_SYSTEM, UUID.fromString("aaaaaaaa-0000-0000-0000-000000000001"),
                        "EFI System", mib, 5 * mib - 1, 0),
                new GptPartition(2, PartitionTypes.LINUX_FILESYSTEM,
                        UUID.fromString("bbbbbbbb-0000-0000-0000-000000000002"), "root", 5 * mib, lastUsable, 0)));
    }

    /** Writes a whole-disk GPT image of {@code imageMiB} and grows the file to {@code diskMiB}, as dd onto a bigger disk would. */
    public static Path gptImageOnDisk(Path dir, SectorSize sectorSize, long imageMiB, long diskMiB) {
        Path file = blank(dir, "gpt-" + sectorSize.bytes() + "-" + imageMiB + "-" + diskMiB + ".img", imageMiB * MIB);
        try (FileChannel ch = open(file)) {
            GptTableWriter.write(ch, geometry(file, sectorSize), cloudImageLayout(sectorSize, imageMiB));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (diskMiB > imageMiB) {
            growTo(file, diskMiB * MIB);
        }
        return file;
    }

    /** Deterministic bytes that start like an ISO9660 config drive labelled config-2. */
    public static byte[] configDrive(int bytes, long seed) {
        byte[] data = new byte[bytes];
        new Random(seed).nextBytes(data);
        if (bytes >= 32768 + 72) {
            System.arraycopy(new byte[32768], 0, data, 0, 32768);
            data[32768] = 1;
            System.arraycopy("CD001".getBytes(StandardCharsets.US_ASCII), 0, data, 32769, 5);
            byte[] label = String.format("%-32s", "config-2").getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(label, 0, data, 32768 + 40, 32);
        }
        return data;
    }

    public static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Ironic's inline encoding, with MIME line breaks as Python's base64.encodebytes would add. */
    public static String base64Gzip(byte[] data) {
        return Base64.getMimeEncoder().encodeToString(gzip(data));
    }

    public static byte[] readBytes(Path file, long offset, int length) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            while (buffer.hasRemaining() && ch.read(buffer, offset + buffer.position()) >= 0) {
                // keep reading
            }
            return buffer.array();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void writeBytes(Path file, long offset, byte[] data) {
        try (FileChannel ch = open(file)) {
            ByteBuffer buffer = ByteBuffer.wrap(data);
            while (buffer.hasRemaining()) {
                ch.write(buffer, offset + buffer.position());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
