package dev.ferrum.conductor.inspection;

import dev.ferrum.protocol.inspection.ContinueBody;
import java.util.Map;

/**
 * One step of processing what a ramdisk reported (discoverd's and inspector's processing hooks):
 * it reads the report and records what it learned in the outcome; the processor alone writes the
 * node. Found with {@link java.util.ServiceLoader} and run in the configured order by {@link #name}.
 */
public interface ProcessingHook {

    /** The name the configuration lists it by, e.g. {@code scheduler}. */
    String name();

    /** Adds to {@code outcome}; throws {@link InspectionException} to fail the inspection. */
    void process(ContinueBody report, InspectionOutcome outcome);

    /**
     * This hook with the site's settings ({@code --inspection-hook-option NAME.KEY=VALUE}, keyed by KEY), checked
     * when the conductor starts, so a bad value stops the start instead of failing an inspection later. A hook
     * without settings refuses any.
     *
     * @throws IllegalArgumentException naming the setting and what is wrong with it
     */
    default ProcessingHook configure(Map<String, String> options) {
        if (!options.isEmpty()) {
            throw new IllegalArgumentException("processing hook " + name() + " takes no options, got "
                    + options.keySet());
        }
        return this;
    }
}
