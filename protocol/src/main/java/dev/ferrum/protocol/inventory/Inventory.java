package dev.ferrum.protocol.inventory;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A machine's hardware as ironic-python-agent's {@code list_hardware_info} reports it; the
 * document the agent posts to inspection and that the conductor stores. {@code extra} keeps
 * fields added by vendor hardware managers or newer peers so they survive a round trip.
 */
public record Inventory(
        Cpu cpu,
        Memory memory,
        List<Disk> disks,
        List<NetworkInterface> interfaces,
        Optional<String> bmcAddress,
        Optional<String> bmcV6address,
        Optional<String> bmcMac,
        SystemVendor systemVendor,
        Boot boot,
        Optional<String> hostname,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public Inventory {
        cpu = cpu == null ? Cpu.UNKNOWN : cpu;
        memory = memory == null ? Memory.UNKNOWN : memory;
        disks = disks == null ? List.of() : List.copyOf(disks);
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        bmcAddress = Optionals.orEmpty(bmcAddress);
        bmcV6address = Optionals.orEmpty(bmcV6address);
        bmcMac = Optionals.orEmpty(bmcMac);
        systemVendor = systemVendor == null ? SystemVendor.UNKNOWN : systemVendor;
        boot = boot == null ? Boot.UNKNOWN : boot;
        hostname = Optionals.orEmpty(hostname);
        extra = extra == null ? new LinkedHashMap<>() : new LinkedHashMap<>(extra);
    }
}
