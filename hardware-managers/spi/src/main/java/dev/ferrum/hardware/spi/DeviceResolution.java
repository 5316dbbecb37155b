package dev.ferrum.hardware.spi;

import java.nio.file.Path;

/** Where a disk's device node is, or why the agent must not touch it. */
public sealed interface DeviceResolution {

    /** The device node, with links resolved, lying under the machine's {@code dev/}. */
    record Resolved(Path path) implements DeviceResolution {
    }

    /** The device was refused; {@code reason} says why in words an operator can act on. */
    record Refused(Problem problem, String reason) implements DeviceResolution {
    }

    /** The kinds of refusal. */
    enum Problem {
        /** The name or its link target lies outside the machine's {@code /dev}. */
        OUTSIDE_DEVICE_ROOT,
        /** No node exists at the path. */
        MISSING,
        /** The node is not a block device (nor an allowed stand-in file). */
        NOT_A_DEVICE
    }
}
