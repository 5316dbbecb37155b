package dev.ferrum.integration.vm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A tiny bootable whole-disk raw image: its MBR boot code writes a marker line to the first serial
 * port (COM1, I/O port 0x3f8) and halts, so a VM that boots it from its disk shows the marker on
 * its console. One Linux partition in the table, so the image looks like an ordinary disk.
 */
final class MarkerDiskImage {
    static final int SIZE = 4 << 20;
    private static final int SECTOR = 512;
    private static final int LOAD_ADDRESS = 0x7c00; // where the BIOS loads the MBR and jumps to
    private static final int DISK_SIGNATURE_OFFSET = 440;

    /*
     * 16-bit real-mode code, hand-assembled (origin 0x7c00). The UART needs no set-up: QEMU's
     * 16550 sends whatever is written to its transmit register.
     *
     *   0: FA          cli                 ; no interrupts, ever
     *   1: FC          cld                 ; lodsb counts upwards
     *   2: 31 C0       xor  ax, ax
     *   4: 8E D8       mov  ds, ax         ; the message is addressed from segment 0
     *   6: BE xx xx    mov  si, 0x7c00+23  ; the message, just after the code
     *   9: BA F8 03    mov  dx, 0x3f8      ; COM1's data port
     *  12: AC          lodsb               ; loop: al = next byte
     *  13: 84 C0       test al, al
     *  15: 74 03       jz   20             ; the NUL ends it
     *  17: EE          out  dx, al
     *  18: EB F8       jmp  12
     *  20: F4          hlt                 ; done: stop here for good
     *  21: EB FD       jmp  20
     *  23:             the message, NUL-terminated
     */
    private static final int MESSAGE_OFFSET = 23;
    private static final byte[] CODE = bytes(
            0xFA, 0xFC, 0x31, 0xC0, 0x8E, 0xD8,
            0xBE, (LOAD_ADDRESS + MESSAGE_OFFSET) & 0xFF, (LOAD_ADDRESS + MESSAGE_OFFSET) >> 8,
            0xBA, 0xF8, 0x03,
            0xAC, 0x84, 0xC0, 0x74, 0x03, 0xEE, 0xEB, 0xF8,
            0xF4, 0xEB, 0xFD);

    private MarkerDiskImage() {
    }

    /** The image whose boot code prints {@code marker} (printable ASCII, at most 200 characters). */
    static byte[] build(String marker) {
        if (!marker.matches("[\\x20-\\x7e]{1,200}")) {
            throw new IllegalArgumentException("the marker must be 1-200 printable ASCII characters: " + marker);
        }
        byte[] image = new byte[SIZE];
        System.arraycopy(CODE, 0, image, 0, CODE.length);
        byte[] message = ("\r\n" + marker + "\r\n").getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(message, 0, image, MESSAGE_OFFSET, message.length); // the NUL is already there
        ByteBuffer mbr = ByteBuffer.wrap(image, 0, SECTOR).order(ByteOrder.LITTLE_ENDIAN);
        mbr.putInt(DISK_SIGNATURE_OFFSET, marker.hashCode());
        int entry = 446;
        mbr.put(entry, (byte) 0x80);                         // active
        mbr.put(entry + 4, (byte) 0x83);                     // Linux
        mbr.putInt(entry + 8, 2048);                         // first LBA
        mbr.putInt(entry + 12, SIZE / SECTOR - 2048);        // sectors
        image[510] = 0x55;
        image[511] = (byte) 0xAA;
        return image;
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
