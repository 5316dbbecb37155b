package dev.ferrum.hardware.generic.oshi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.generic.cpu.CpuFacts;
import java.util.List;
import java.util.Optional;

/**
 * Run in a JVM of its own by {@link OshiContractTest}: prints what {@link OshiProbe} reports as JSON.
 * A JVM of its own, because OSHI reads its root paths once, when it loads, and because the trip-wire
 * PATH must be that process's own. Argument: {@code live} or {@code relocated}.
 */
public final class OshiFactsDump {
    private OshiFactsDump() {
    }

    public static void main(String[] args) throws Exception {
        OshiProbe probe = args.length > 0 && args[0].equals("relocated") ? OshiProbe.forRelocatedRoot() : new OshiProbe();
        ObjectMapper json = new ObjectMapper();
        ObjectNode out = json.createObjectNode();
        CpuFacts cpu = probe.cpu();
        ObjectNode cpuNode = out.putObject("cpu");
        cpu.count().ifPresent(n -> cpuNode.put("count", n));
        cpu.socketCount().ifPresent(n -> cpuNode.put("sockets", n));
        cpu.architecture().ifPresent(a -> cpuNode.put("architecture", a));
        cpu.flags().forEach(cpuNode.putArray("flags")::add);
        probe.memoryTotal().ifPresent(t -> out.put("memoryTotal", t));
        probe.disks().ifPresent(disks -> {
            ArrayNode list = out.putArray("disks");
            disks.forEach(d -> {
                ObjectNode node = list.addObject().put("name", d.name()).put("size", d.size());
                d.model().ifPresent(m -> node.put("model", m));
                d.serial().ifPresent(s -> node.put("serial", s));
            });
        });
        probe.nics().ifPresent(nics -> {
            ArrayNode list = out.putArray("nics");
            nics.forEach(n -> {
                ObjectNode node = list.addObject().put("name", n.name()).put("mac", n.macAddress())
                        .put("carrier", n.hasCarrier());
                n.addresses().ipv4().ifPresent(a -> node.put("ipv4", a));
                n.addresses().ipv6().ifPresent(a -> node.put("ipv6", a));
                n.speedMbps().ifPresent(s -> node.put("speed", s));
            });
        });
        System.out.println(json.writeValueAsString(out));
    }

    /** The facts read back, as the source the reconciler takes. */
    record Recorded(CpuFacts cpu, Optional<Long> memoryTotal, Optional<List<OshiDisk>> disks,
            Optional<List<OshiNic>> nics) implements OshiSource {
    }
}
