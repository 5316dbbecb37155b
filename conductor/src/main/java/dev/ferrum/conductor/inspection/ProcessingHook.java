package dev.ferrum.conductor.inspection;

import dev.ferrum.protocol.inspection.ContinueBody;

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
}
