package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.InventoryDraft;
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
import java.util.Objects;
import java.util.Optional;

/**
 * The agent's {@link InventoryDraft}: keeps the first offer per section with the manager that made
 * it, and maps the typed extras plugins offer to JSON once, when the inventory is built.
 */
public final class InventoryAssembly implements InventoryDraft {
    private static final List<String> STANDARD_FIELDS = List.of("cpu", "memory", "disks", "interfaces",
            "bmc_address", "bmc_v6address", "bmc_mac", "system_vendor", "boot", "hostname");

    private final ObjectMapper json;
    private final Map<String, String> contributors = new LinkedHashMap<>();
    private final Map<String, Object> extra = new LinkedHashMap<>();
    private String currentManager = "";
    private Cpu cpu;
    private Memory memory;
    private List<Disk> disks;
    private List<NetworkInterface> interfaces;
    private BmcAddresses bmc;
    private SystemVendor systemVendor;
    private Boot boot;
    private String hostname;

    /** @param json maps offered extras to the inventory's JSON values */
    public InventoryAssembly(ObjectMapper json) {
        this.json = json;
    }

    /** Offers made from now on are credited to {@code managerName}. */
    public void startContribution(String managerName) {
        currentManager = managerName;
    }

    private boolean take(String section, Object current) {
        if (current != null) {
            return false;
        }
        contributors.put(section, currentManager);
        return true;
    }

    @Override
    public boolean offerCpu(Cpu value) {
        if (!take("cpu", cpu)) {
            return false;
        }
        cpu = value;
        return true;
    }

    @Override
    public boolean offerMemory(Memory value) {
        if (!take("memory", memory)) {
            return false;
        }
        memory = value;
        return true;
    }

    @Override
    public boolean offerDisks(List<Disk> value) {
        if (!take("disks", disks)) {
            return false;
        }
        disks = List.copyOf(value);
        return true;
    }

    @Override
    public boolean offerInterfaces(List<NetworkInterface> value) {
        if (!take("interfaces", interfaces)) {
            return false;
        }
        interfaces = List.copyOf(value);
        return true;
    }

    @Override
    public boolean offerBmc(BmcAddresses value) {
        if (!take("bmc", bmc)) {
            return false;
        }
        bmc = value;
        return true;
    }

    @Override
    public boolean offerSystemVendor(SystemVendor value) {
        if (!take("system_vendor", systemVendor)) {
            return false;
        }
        systemVendor = value;
        return true;
    }

    @Override
    public boolean offerBoot(Boot value) {
        if (!take("boot", boot)) {
            return false;
        }
        boot = value;
        return true;
    }

    @Override
    public boolean offerHostname(String value) {
        if (!take("hostname", hostname)) {
            return false;
        }
        hostname = value;
        return true;
    }

    @Override
    public boolean offerExtra(String key, Object value) {
        Objects.requireNonNull(value, "an extra needs a value; do not offer it instead");
        if (STANDARD_FIELDS.contains(key)) {
            throw new IllegalArgumentException("'" + key + "' is a standard inventory field; offer it through its own method");
        }
        if (!take("extra." + key, extra.get(key))) {
            return false;
        }
        extra.put(key, value);
        return true;
    }

    @Override
    public boolean has(String section) {
        return contributors.containsKey(section);
    }

    /** Which manager filled which section, in the order they were filled. */
    public Map<String, String> contributors() {
        return Map.copyOf(contributors);
    }

    /** The inventory as far as it was filled; unfilled sections take their "unknown" values. */
    public Inventory build() {
        Optional<BmcAddresses> addresses = Optional.ofNullable(bmc);
        Map<String, JsonNode> extraJson = new LinkedHashMap<>();
        extra.forEach((key, value) -> extraJson.put(key, json.valueToTree(value)));
        return new Inventory(cpu, memory, disks, interfaces,
                addresses.flatMap(BmcAddresses::ipv4), addresses.flatMap(BmcAddresses::ipv6),
                addresses.flatMap(BmcAddresses::mac), systemVendor, boot, Optional.ofNullable(hostname), extraJson);
    }
}
