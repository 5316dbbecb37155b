package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.CRC32;

/**
 * GPT headers and entry arrays to and from bytes (UEFI 2.10 §5.3), with the checks of the
 * specification and of Linux's efi.c. Pure: no I/O, so every rule has a fixture test.
 */
final class GptCodec {

    static final byte[] SIGNATURE = "EFI PART".getBytes(StandardCharsets.US_ASCII);
    /** No real GPT comes near this; the cap keeps a corrupt header from asking for gigabytes. */
    static final long MAX_ENTRY_ARRAY_BYTES = 4L * 1024 * 1024;

    private static final int NAME_OFFSET = 56;

    /** The outcome of checking one header: the header when it is sound, and why not otherwise. */
    record HeaderCheck(GptCopyStatus status, Optional<GptHeader> header, int entriesCrc, String detail) {

        static HeaderCheck failed(GptCopyStatus status, String detail) {
            return new HeaderCheck(status, Optional.empty(), 0, detail);
        }
    }

    private GptCodec() {
    }

    static boolean hasSignature(ByteBuffer buffer, int offset) {
        if (buffer.capacity() < offset + SIGNATURE.length) {
            return false;
        }
        byte[] found = new byte[SIGNATURE.length];
        buffer.get(offset, found);
        return Arrays.equals(found, SIGNATURE);
    }

    /** Checks the header in {@code sector}, which was read from {@code expectedLba} of a disk of {@code geometry}. */
    static HeaderCheck parseHeader(ByteBuffer sector, long expectedLba, DiskGeometry geometry) {
        ByteBuffer b = sector.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (!hasSignature(b, 0)) {
            return HeaderCheck.failed(GptCopyStatus.NOT_FOUND, "no GPT signature at LBA " + expectedLba);
        }
        int headerSize = b.getInt(12);
        if (headerSize < GptHeader.HEADER_SIZE || headerSize > geometry.sectorBytes()) {
            return HeaderCheck.failed(GptCopyStatus.BAD_HEADER, "header size " + headerSize + " at LBA " + expectedLba);
        }
        int storedCrc = b.getInt(16);
        int computedCrc = headerCrc(b, headerSize);
        if (storedCrc != computedCrc) {
            return HeaderCheck.failed(GptCopyStatus.HEADER_CRC_MISMATCH, String.format(
                    "header CRC32 at LBA %d is %08x but the header sums to %08x", expectedLba, storedCrc, computedCrc));
        }
        GptHeader header = new GptHeader(b.getInt(8), headerSize, b.getLong(24), b.getLong(32), b.getLong(40),
                b.getLong(48), GuidCodec.read(b, 56), b.getLong(72), b.getInt(80), b.getInt(84));
        Optional<String> problem = geometryProblem(header, expectedLba, geometry);
        if (problem.isPresent()) {
            return HeaderCheck.failed(GptCopyStatus.BAD_HEADER, problem.get());
        }
        return new HeaderCheck(GptCopyStatus.VALID, Optional.of(header), b.getInt(88), "valid");
    }

    private static Optional<String> geometryProblem(GptHeader h, long expectedLba, DiskGeometry geometry) {
        long last = geometry.lastLba();
        if (h.myLba() != expectedLba) {
            return Optional.of("header at LBA " + expectedLba + " says it lives at LBA " + h.myLba());
        }
        if (h.entrySize() < 128 || h.entrySize() % 8 != 0 || h.entryCount() < 1
                || h.entryArrayBytes() > MAX_ENTRY_ARRAY_BYTES) {
            return Optional.of("impossible entry array of " + h.entryCount() + " × " + h.entrySize() + " bytes");
        }
        if (h.firstUsableLba() > h.lastUsableLba() + 1) {
            return Optional.of("first usable LBA " + h.firstUsableLba() + " after last usable LBA " + h.lastUsableLba());
        }
        if (h.lastUsableLba() > last || h.alternateLba() > last
                || h.entriesLba() + h.entryArraySectors(geometry.sectorSize()) - 1 > last) {
            return Optional.of("header at LBA " + expectedLba + " describes a disk of at least "
                    + (Math.max(h.lastUsableLba(), h.alternateLba()) + 1) + " sectors but the device has "
                    + geometry.sectorCount() + " (is the image larger than the disk?)");
        }
        return Optional.empty();
    }

    static int headerCrc(ByteBuffer header, int headerSize) {
        byte[] bytes = new byte[headerSize];
        header.get(0, bytes);
        Arrays.fill(bytes, 16, 20, (byte) 0);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    /** CRC32 over exactly the entry array ({@code entryCount × entrySize} bytes), not the padding after it. */
    static int entriesCrc(ByteBuffer entries, long arrayBytes) {
        CRC32 crc = new CRC32();
        crc.update(entries.duplicate().position(0).limit((int) arrayBytes));
        return (int) crc.getValue();
    }

    static List<GptPartition> parseEntries(ByteBuffer entries, int entryCount, int entrySize) {
        ByteBuffer b = entries.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        List<GptPartition> partitions = new ArrayList<>();
        for (int slot = 0; slot < entryCount; slot++) {
            int at = slot * entrySize;
            UUID type = GuidCodec.read(b, at);
            if (type.equals(GuidCodec.ZERO)) {
                continue;
            }
            partitions.add(new GptPartition(slot + 1, type, GuidCodec.read(b, at + 16), readName(b, at + NAME_OFFSET),
                    b.getLong(at + 32), b.getLong(at + 40), b.getLong(at + 48)));
        }
        return partitions;
    }

    private static String readName(ByteBuffer b, int at) {
        StringBuilder name = new StringBuilder();
        for (int i = 0; i < GptPartition.MAX_NAME_CHARS; i++) {
            char c = b.getChar(at + 2 * i);
            if (c == 0) {
                break;
            }
            name.append(c);
        }
        return name.toString();
    }

    /** The entry array of {@code layout}, padded with zeros to whole sectors. */
    static ByteBuffer encodeEntries(GptLayout layout, SectorSize sectorSize) {
        ByteBuffer b = ByteBuffer.allocate((int) (layout.entryArraySectors(sectorSize) * sectorSize.bytes()))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (GptPartition p : layout.partitions()) {
            int at = (p.number() - 1) * layout.entrySize();
            GuidCodec.write(b, at, p.typeGuid());
            GuidCodec.write(b, at + 16, p.uniqueGuid());
            b.putLong(at + 32, p.firstLba());
            b.putLong(at + 40, p.lastLba());
            b.putLong(at + 48, p.attributes());
            for (int i = 0; i < p.name().length(); i++) {
                b.putChar(at + NAME_OFFSET + 2 * i, p.name().charAt(i));
            }
        }
        return b;
    }

    /** One header sector; the header CRC is computed here over the other fields. */
    static ByteBuffer encodeHeader(GptHeader h, int entriesCrc, SectorSize sectorSize) {
        ByteBuffer b = ByteBuffer.allocate(sectorSize.bytes()).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, SIGNATURE);
        b.putInt(8, h.revision());
        b.putInt(12, GptHeader.HEADER_SIZE);
        b.putLong(24, h.myLba());
        b.putLong(32, h.alternateLba());
        b.putLong(40, h.firstUsableLba());
        b.putLong(48, h.lastUsableLba());
        GuidCodec.write(b, 56, h.diskGuid());
        b.putLong(72, h.entriesLba());
        b.putInt(80, h.entryCount());
        b.putInt(84, h.entrySize());
        b.putInt(88, entriesCrc);
        b.putInt(16, headerCrc(b, GptHeader.HEADER_SIZE));
        return b;
    }
}
