package dev.ferrum.conductor.driver.boot;

import java.util.Objects;

/**
 * A deployed partition image that boots over the network ({@code boot_option: netboot}): the
 * instance's kernel and ramdisk from {@code instance_info} and the root filesystem's UUID the agent
 * reported, which the kernel is given as {@code root=UUID=…}.
 */
public record NetbootInstance(String kernel, String ramdisk, String rootUuid) {
    public NetbootInstance {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(ramdisk, "ramdisk");
        Objects.requireNonNull(rootUuid, "rootUuid");
    }
}
