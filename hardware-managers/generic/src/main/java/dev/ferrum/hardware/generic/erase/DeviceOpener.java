package dev.ferrum.hardware.generic.erase;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Opens a device for positional reads and writes. The real one opens the node itself; tests wrap
 * the channel to simulate a drive that acknowledges writes it never stores.
 */
@FunctionalInterface
public interface DeviceOpener {

    /** Opens {@code device} for reading and writing; never creates or truncates anything. */
    FileChannel openReadWrite(Path device) throws IOException;

    /** Opens device nodes (or, in tests, regular files) with plain read/write access. */
    static DeviceOpener files() {
        return device -> FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }
}
