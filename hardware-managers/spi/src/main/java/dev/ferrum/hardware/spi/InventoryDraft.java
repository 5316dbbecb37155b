package dev.ferrum.hardware.spi;

import dev.ferrum.protocol.inventory.Boot;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.inventory.SystemVendor;
import java.util.List;

/**
 * An inventory being assembled by several managers. Each section is taken from the first manager
 * that offers it (managers are called best-supported first); later offers for a filled section are
 * ignored, and each {@code offer…} says whether it was taken. The agent remembers who filled each
 * section so it can say who answered.
 */
public interface InventoryDraft {

    boolean offerCpu(Cpu value);

    boolean offerMemory(Memory value);

    boolean offerDisks(List<Disk> value);

    boolean offerInterfaces(List<NetworkInterface> value);

    boolean offerBmc(BmcAddresses value);

    boolean offerSystemVendor(SystemVendor value);

    boolean offerBoot(Boot value);

    boolean offerHostname(String value);

    /**
     * Offers a field beyond IPA's schema (a vendor's asset tag, say). The agent reports
     * {@code value} as JSON: a {@code String}, number, {@code Boolean}, list or record. Its key must
     * not clash with a standard inventory field.
     *
     * @throws IllegalArgumentException when {@code key} is a standard inventory field
     */
    boolean offerExtra(String key, Object value);

    /** Whether {@code section} (e.g. {@code disks}, {@code extra.asset_tag}) is already filled. */
    boolean has(String section);
}
