package dev.ferrum.hardware.generic.erase;

import java.util.Objects;

/**
 * A partition of a disk as sysfs describes it: kernel name ({@code sda1}), where it starts on the
 * whole disk and how long it is, in bytes.
 */
public record Partition(String kernelName, long startBytes, long sizeBytes) {

    public Partition {
        Objects.requireNonNull(kernelName, "kernelName");
        if (startBytes < 0 || sizeBytes < 0) {
            throw new IllegalArgumentException("partition " + kernelName + " has a negative start or size");
        }
    }
}
