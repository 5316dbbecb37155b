package dev.ferrum.agent.partition;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.UUID;

/**
 * GUIDs as GPT stores them: the first three fields little-endian, the last eight bytes as they
 * are (the "mixed-endian" Microsoft layout), so C12A7328-F81F-… is stored as 28 73 2A C1 1F F8 ….
 */
final class GuidCodec {

    static final UUID ZERO = new UUID(0, 0);

    private GuidCodec() {
    }

    static UUID read(ByteBuffer buffer, int offset) {
        ByteBuffer le = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long timeLow = le.getInt(offset) & 0xFFFF_FFFFL;
        long timeMid = le.getShort(offset + 4) & 0xFFFFL;
        long timeHigh = le.getShort(offset + 6) & 0xFFFFL;
        long lsb = buffer.duplicate().order(ByteOrder.BIG_ENDIAN).getLong(offset + 8);
        return new UUID(timeLow << 32 | timeMid << 16 | timeHigh, lsb);
    }

    static void write(ByteBuffer buffer, int offset, UUID guid) {
        ByteBuffer le = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long msb = guid.getMostSignificantBits();
        le.putInt(offset, (int) (msb >>> 32));
        le.putShort(offset + 4, (short) (msb >>> 16));
        le.putShort(offset + 6, (short) msb);
        buffer.duplicate().order(ByteOrder.BIG_ENDIAN).putLong(offset + 8, guid.getLeastSignificantBits());
    }
}
