package dev.ferrum.imagebuilder.elf;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a 64-bit little-endian ELF file the builder needs: the program interpreter, the
 * dynamic section's NEEDED/SONAME/RUNPATH entries (to collect the C libraries the JVM links), and
 * named sections (a kernel module's {@code .modinfo}). Parsing only: it never runs the file, so it
 * works for any x86-64 or arm64 binary on any build host.
 */
public final class ElfFile {
    private static final int PT_LOAD = 1;
    private static final int PT_DYNAMIC = 2;
    private static final int PT_INTERP = 3;
    private static final long DT_NEEDED = 1;
    private static final long DT_STRTAB = 5;
    private static final long DT_SONAME = 14;
    private static final long DT_RPATH = 15;
    private static final long DT_RUNPATH = 29;

    private final Path path;
    private final ByteBuffer data;
    private final List<Segment> segments = new ArrayList<>();
    private final List<String> needed = new ArrayList<>();
    private Optional<String> interpreter = Optional.empty();
    private Optional<String> soname = Optional.empty();
    private List<String> runpath = List.of();
    private boolean dynamic;

    private record Segment(int type, long offset, long vaddr, long filesz) {
    }

    private ElfFile(Path path, ByteBuffer data) {
        this.path = path;
        this.data = data.order(ByteOrder.LITTLE_ENDIAN);
        parseProgramHeaders();
    }

    /** True when {@code file} starts with the ELF magic. */
    public static boolean isElf(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer magic = ByteBuffer.allocate(4);
            channel.read(magic, 0);
            return Arrays.equals(magic.array(), new byte[] {0x7f, 'E', 'L', 'F'});
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads {@code file}; fails when it is not a 64-bit little-endian ELF file. */
    public static ElfFile read(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return parse(file, channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size()));
        } catch (IOException e) {
            throw new ImageBuildException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses ELF bytes already in memory (a decompressed kernel module). */
    public static ElfFile parse(Path origin, ByteBuffer bytes) {
        ByteBuffer data = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (data.limit() < 64 || data.getInt(0) != 0x464c457f) {
            throw new ImageBuildException(origin + " is not an ELF file");
        }
        if (data.get(4) != 2 || data.get(5) != 1) {
            throw new ImageBuildException(origin + " is not a 64-bit little-endian ELF file; the builder supports x86-64 and arm64 only");
        }
        return new ElfFile(origin, data);
    }

    public Path path() {
        return path;
    }

    /** The program interpreter (PT_INTERP), e.g. {@code /lib64/ld-linux-x86-64.so.2}. */
    public Optional<String> interpreter() {
        return interpreter;
    }

    /** The DT_NEEDED library names in file order. */
    public List<String> needed() {
        return List.copyOf(needed);
    }

    public Optional<String> soname() {
        return soname;
    }

    /** DT_RUNPATH, or DT_RPATH when there is no RUNPATH, split at ':' (may contain $ORIGIN). */
    public List<String> runpath() {
        return runpath;
    }

    /** True when the file is linked statically: no interpreter and no dynamic section. */
    public boolean isStatic() {
        return interpreter.isEmpty() && !dynamic;
    }

    /** The bytes of the section named {@code name}, when there is one. */
    public Optional<byte[]> section(String name) {
        long shoff = data.getLong(40);
        int shentsize = Short.toUnsignedInt(data.getShort(58));
        int shnum = Short.toUnsignedInt(data.getShort(60));
        int shstrndx = Short.toUnsignedInt(data.getShort(62));
        if (shoff == 0 || shnum == 0 || shstrndx >= shnum) {
            return Optional.empty();
        }
        long namesOffset = data.getLong(checked(shoff + (long) shstrndx * shentsize + 24));
        for (int i = 0; i < shnum; i++) {
            int header = checked(shoff + (long) i * shentsize);
            String sectionName = cString(namesOffset + Integer.toUnsignedLong(data.getInt(header)));
            if (sectionName.equals(name)) {
                int type = data.getInt(header + 4);
                long size = type == 8 ? 0 : data.getLong(header + 32); // SHT_NOBITS has no file bytes
                return Optional.of(bytes(data.getLong(header + 24), size));
            }
        }
        return Optional.empty();
    }

    private void parseProgramHeaders() {
        long phoff = data.getLong(32);
        int phentsize = Short.toUnsignedInt(data.getShort(54));
        int phnum = Short.toUnsignedInt(data.getShort(56));
        Segment dynamicSegment = null;
        for (int i = 0; i < phnum; i++) {
            int header = checked(phoff + (long) i * phentsize);
            Segment segment = new Segment(data.getInt(header), data.getLong(header + 8), data.getLong(header + 16),
                    data.getLong(header + 32));
            segments.add(segment);
            if (segment.type() == PT_INTERP) {
                interpreter = Optional.of(cString(segment.offset()));
            } else if (segment.type() == PT_DYNAMIC) {
                dynamicSegment = segment;
            }
        }
        if (dynamicSegment != null) {
            dynamic = true;
            parseDynamic(dynamicSegment);
        }
    }

    private void parseDynamic(Segment segment) {
        List<Long> neededOffsets = new ArrayList<>();
        long strtab = -1;
        long sonameOffset = -1;
        long rpathOffset = -1;
        long runpathOffset = -1;
        for (long at = segment.offset(); at + 16 <= segment.offset() + segment.filesz(); at += 16) {
            long tag = data.getLong(checked(at));
            long value = data.getLong(checked(at + 8));
            if (tag == 0) {
                break;
            } else if (tag == DT_NEEDED) {
                neededOffsets.add(value);
            } else if (tag == DT_STRTAB) {
                strtab = value;
            } else if (tag == DT_SONAME) {
                sonameOffset = value;
            } else if (tag == DT_RPATH) {
                rpathOffset = value;
            } else if (tag == DT_RUNPATH) {
                runpathOffset = value;
            }
        }
        if (strtab < 0) {
            throw new ImageBuildException(path + " has a dynamic section without a string table; is the file truncated?");
        }
        long strings = fileOffset(strtab);
        neededOffsets.forEach(offset -> needed.add(cString(strings + offset)));
        if (sonameOffset >= 0) {
            soname = Optional.of(cString(strings + sonameOffset));
        }
        long pathOffset = runpathOffset >= 0 ? runpathOffset : rpathOffset;
        if (pathOffset >= 0) {
            runpath = List.of(cString(strings + pathOffset).split(":"));
        }
    }

    /** Maps a virtual address to a file offset through the PT_LOAD segments. */
    private long fileOffset(long vaddr) {
        for (Segment segment : segments) {
            if (segment.type() == PT_LOAD && vaddr >= segment.vaddr() && vaddr < segment.vaddr() + segment.filesz()) {
                return segment.offset() + (vaddr - segment.vaddr());
            }
        }
        throw new ImageBuildException(path + ": address 0x" + Long.toHexString(vaddr) + " is in no loadable segment");
    }

    private String cString(long offset) {
        int start = checked(offset);
        int end = start;
        while (end < data.limit() && data.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - start];
        data.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private byte[] bytes(long offset, long size) {
        int start = checked(offset);
        checked(offset + size);
        byte[] bytes = new byte[(int) size];
        data.get(start, bytes);
        return bytes;
    }

    private int checked(long offset) {
        if (offset < 0 || offset > data.limit()) {
            throw new ImageBuildException(path + " is truncated or malformed (offset " + offset + " beyond " + data.limit() + " bytes)");
        }
        return (int) offset;
    }
}
