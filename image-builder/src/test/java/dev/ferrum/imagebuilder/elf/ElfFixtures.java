package dev.ferrum.imagebuilder.elf;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes tiny but well-formed ELF64 files for tests: kernel modules with a {@code .modinfo}
 * section, dynamically linked programs with NEEDED entries, static programs. Real enough for
 * {@link ElfFile}; nothing here is meant to run.
 */
public final class ElfFixtures {
    private ElfFixtures() {
    }

    /** A relocatable object with a .modinfo section naming {@code depends}. */
    public static byte[] kernelModule(String name, List<String> depends) {
        String modinfo = "license=GPL\0depends=" + String.join(",", depends) + "\0name=" + name
                + "\0vermagic=6.1.0-test SMP mod_unload\0";
        byte[] info = modinfo.getBytes(StandardCharsets.UTF_8);
        byte[] names = "\0.modinfo\0.shstrtab\0".getBytes(StandardCharsets.UTF_8);
        int infoOffset = 64;
        int namesOffset = infoOffset + info.length;
        int shoff = align(namesOffset + names.length, 8);
        ByteBuffer out = buffer(shoff + 3 * 64);
        header(out, 1, 0, 0, shoff, 3, 2);
        out.put(infoOffset, info);
        out.put(namesOffset, names);
        section(out, shoff + 64, 1, 1, infoOffset, info.length);
        section(out, shoff + 128, 10, 3, namesOffset, names.length);
        return out.array();
    }

    /** A dynamically linked program or library. */
    public static byte[] dynamic(Optional<String> interpreter, List<String> needed, Optional<String> soname) {
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        strings.write(0);
        List<Long> neededOffsets = new ArrayList<>();
        for (String name : needed) {
            neededOffsets.add((long) strings.size());
            strings.writeBytes((name + "\0").getBytes(StandardCharsets.UTF_8));
        }
        long sonameOffset = strings.size();
        soname.ifPresent(s -> strings.writeBytes((s + "\0").getBytes(StandardCharsets.UTF_8)));
        int phnum = interpreter.isPresent() ? 3 : 2;
        int interpOffset = 64 + phnum * 56;
        byte[] interp = interpreter.map(i -> (i + "\0").getBytes(StandardCharsets.UTF_8)).orElse(new byte[0]);
        int strtabOffset = interpOffset + interp.length;
        byte[] strtab = strings.toByteArray();
        int dynamicOffset = align(strtabOffset + strtab.length, 8);
        int entries = neededOffsets.size() + (soname.isPresent() ? 1 : 0) + 2;
        int size = dynamicOffset + entries * 16;
        ByteBuffer out = buffer(size);
        header(out, 3, 64, phnum, 0, 0, 0);
        int ph = 64;
        program(out, ph, 1, 0, size);
        program(out, ph + 56, 2, dynamicOffset, entries * 16);
        if (interpreter.isPresent()) {
            program(out, ph + 112, 3, interpOffset, interp.length);
            out.put(interpOffset, interp);
        }
        out.put(strtabOffset, strtab);
        int at = dynamicOffset;
        for (long offset : neededOffsets) {
            out.putLong(at, 1).putLong(at + 8, offset);
            at += 16;
        }
        if (soname.isPresent()) {
            out.putLong(at, 14).putLong(at + 8, sonameOffset);
            at += 16;
        }
        out.putLong(at, 5).putLong(at + 8, strtabOffset);
        out.putLong(at + 16, 0).putLong(at + 24, 0);
        return out.array();
    }

    /** A statically linked executable: one loadable segment, no interpreter, no dynamic section. */
    public static byte[] staticProgram() {
        ByteBuffer out = buffer(64 + 56 + 16);
        header(out, 2, 64, 1, 0, 0, 0);
        program(out, 64, 1, 0, 64 + 56 + 16);
        return out.array();
    }

    private static ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void header(ByteBuffer out, int type, long phoff, int phnum, long shoff, int shnum, int shstrndx) {
        out.put(0, new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        out.putShort(16, (short) type);
        out.putShort(18, (short) 62); // EM_X86_64
        out.putInt(20, 1);
        out.putLong(32, phoff);
        out.putLong(40, shoff);
        out.putShort(52, (short) 64);
        out.putShort(54, (short) 56);
        out.putShort(56, (short) phnum);
        out.putShort(58, (short) 64);
        out.putShort(60, (short) shnum);
        out.putShort(62, (short) shstrndx);
    }

    private static void program(ByteBuffer out, int at, int type, long offset, long size) {
        out.putInt(at, type);
        out.putLong(at + 8, offset);
        out.putLong(at + 16, offset);
        out.putLong(at + 24, offset);
        out.putLong(at + 32, size);
        out.putLong(at + 40, size);
    }

    private static void section(ByteBuffer out, int at, int nameOffset, int type, long offset, long size) {
        out.putInt(at, nameOffset);
        out.putInt(at + 4, type);
        out.putLong(at + 24, offset);
        out.putLong(at + 32, size);
    }

    private static int align(int value, int alignment) {
        return (value + alignment - 1) / alignment * alignment;
    }
}
