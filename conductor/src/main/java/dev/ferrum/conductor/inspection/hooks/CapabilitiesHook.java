package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;
import java.util.Map;
import java.util.TreeMap;

/** {@code capabilities}: CPU features from the flags, named as inspector names them (cpu_aes, cpu_vt, …). */
public final class CapabilitiesHook implements ProcessingHook {
    private static final Map<String, String> FLAGS = Map.of("vmx", "cpu_vt", "svm", "cpu_vt", "aes", "cpu_aes",
            "pse", "cpu_hugepages", "pdpe1gb", "cpu_hugepages_1g", "smx", "cpu_txt");

    @Override
    public String name() {
        return "capabilities";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        if (!(report instanceof IpaContinue ipa)) {
            return;
        }
        TreeMap<String, String> found = new TreeMap<>();
        ipa.inventory().cpu().flags().forEach(flag -> {
            String capability = FLAGS.get(flag);
            if (capability != null) {
                found.put(capability, "true");
            }
        });
        found.forEach(outcome::proposeCapability);
    }
}
