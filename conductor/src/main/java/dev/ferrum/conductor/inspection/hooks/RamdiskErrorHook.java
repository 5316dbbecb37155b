package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionException;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;

/** {@code ramdisk_error}: a report carrying the ramdisk's own error fails the inspection with it. */
public final class RamdiskErrorHook implements ProcessingHook {

    @Override
    public String name() {
        return "ramdisk_error";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        report.error().filter(e -> !e.isBlank()).ifPresent(error -> {
            throw new InspectionException("Ramdisk reported error: " + error);
        });
    }
}
