package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.store.BootRecord;
import java.util.Objects;
import java.util.Optional;

/**
 * What a node's network boot serves now, as recorded in the store: enough for any conductor to render
 * the node's boot script when the machine asks, whichever conductor prepared it.
 */
public sealed interface BootState {

    /** The agent ramdisk, booted for {@code purpose}. */
    record Ramdisk(RamdiskPurpose purpose) implements BootState {
        public Ramdisk {
            Objects.requireNonNull(purpose, "purpose");
        }
    }

    /** The deployed instance from the local disk. */
    record LocalDisk() implements BootState {
    }

    /** The deployed instance's own kernel and ramdisk over the network. */
    record Netboot(NetbootInstance instance) implements BootState {
        public Netboot {
            Objects.requireNonNull(instance, "instance");
        }
    }

    /** As the store keeps it. */
    default BootRecord toRecord() {
        return switch (this) {
            case Ramdisk ramdisk -> new BootRecord("ramdisk", Optional.of(ramdisk.purpose().name()), Optional.empty(),
                    Optional.empty(), Optional.empty());
            case LocalDisk ignored -> new BootRecord("local", Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty());
            case Netboot netboot -> new BootRecord("netboot", Optional.empty(), Optional.of(netboot.instance().kernel()),
                    Optional.of(netboot.instance().ramdisk()), Optional.of(netboot.instance().rootUuid()));
        };
    }

    /** The boot {@code stored} records; {@link IllegalStateException} for one this conductor cannot read. */
    static BootState of(BootRecord stored) {
        return switch (stored.mode()) {
            case "ramdisk" -> new Ramdisk(RamdiskPurpose.valueOf(stored.purpose().orElseThrow(() -> unreadable(stored))));
            case "local" -> new LocalDisk();
            case "netboot" -> new Netboot(new NetbootInstance(stored.kernel().orElseThrow(() -> unreadable(stored)),
                    stored.ramdisk().orElseThrow(() -> unreadable(stored)),
                    stored.rootUuid().orElseThrow(() -> unreadable(stored))));
            default -> throw unreadable(stored);
        };
    }

    private static IllegalStateException unreadable(BootRecord stored) {
        return new IllegalStateException("unreadable boot record " + stored + " in node_boot_states; a newer"
                + " conductor wrote it: run conductors of one version");
    }
}
