package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.inventory.Boot;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.inventory.SystemVendor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An inventory being assembled by several managers. Each section is taken from the first manager
 * that offers it (managers are called best-supported first); later offers for a filled section are
 * ignored. The draft remembers who filled each section so the agent can say who answered.
 */
public final class InventoryDraft {
    private final Map<String, String> contributors = new LinkedHashMap<>();
    private final Map<String, JsonNode> extra = new LinkedHashMap<>();
    private String currentManager = "";
    private Cpu cpu;
    private Memory memory;
    private List<Disk> disks;
    private List<NetworkInterface> interfaces;
    private BmcAddresses bmc;
    private SystemVendor systemVendor;
    private Boot boot;
    private String hostname;

    InventoryDraft() {
    }

    void startContribution(String managerName) {
        currentManager = managerName;
    }

    private boolean take(String section, Object current) {
        if (current != null) {
            return false;
        }
        contributors.put(section, currentManager);
        return true;
    }

    /** Offers the CPU section; returns whether it was taken. */
    public boolean offerCpu(Cpu value) {
        if (!take("cpu", cpu)) {
            return false;
        }
        cpu = value;
        return true;
    }

    public boolean offerMemory(Memory value) {
        if (!take("memory", memory)) {
            return false;
        }
        memory = value;
        return true;
    }

    public boolean offerDisks(List<Disk> value) {
        if (!take("disks", disks)) {
            return false;
        }
        disks = List.copyOf(value);
        return true;
    }

    public boolean offerInterfaces(List<NetworkInterface> value) {
        if (!take("interfaces", interfaces)) {
            return false;
        }
        interfaces = List.copyOf(value);
        return true;
    }

    public boolean offerBmc(BmcAddresses value) {
        if (!take("bmc", bmc)) {
            return false;
        }
        bmc = value;
        return true;
    }

    public boolean offerSystemVendor(SystemVendor value) {
        if (!take("system_vendor", systemVendor)) {
            return false;
        }
        systemVendor = value;
        return true;
    }

    public boolean offerBoot(Boot value) {
        if (!take("boot", boot)) {
            return false;
        }
        boot = value;
        return true;
    }

    public boolean offerHostname(String value) {
        if (!take("hostname", hostname)) {
            return false;
        }
        hostname = value;
        return true;
    }

    /**
     * Offers a field beyond IPA's schema (a vendor's asset tag, say). Its key must not clash with a
     * standard inventory field.
     */
    public boolean offerExtra(String key, JsonNode value) {
        if (STANDARD_FIELDS.contains(key)) {
            throw new IllegalArgumentException("'" + key + "' is a standard inventory field; offer it through its own method");
        }
        if (!take("extra." + key, extra.get(key))) {
            return false;
        }
        extra.put(key, value);
        return true;
    }

    /** Whether {@code section} (e.g. {@code disks}, {@code extra.asset_tag}) is already filled. */
    public boolean has(String section) {
        return contributors.containsKey(section);
    }

    /** Which manager filled which section, in the order they were filled. */
    public Map<String, String> contributors() {
        return Map.copyOf(contributors);
    }

    private static final List<String> STANDARD_FIELDS = List.of("cpu", "memory", "disks", "interfaces",
            "bmc_address", "bmc_v6address", "bmc_mac", "system_vendor", "boot", "hostname");

    /** The inventory as far as it was filled; unfilled sections take their "unknown" values. */
    public Inventory build() {
        Optional<BmcAddresses> addresses = Optional.ofNullable(bmc);
        return new Inventory(cpu, memory, disks, interfaces,
                addresses.flatMap(BmcAddresses::ipv4), addresses.flatMap(BmcAddresses::ipv6),
                addresses.flatMap(BmcAddresses::mac), systemVendor, boot, Optional.ofNullable(hostname), extra);
    }
}
