package dev.ferrum.hardware.example.firmware;

import dev.ferrum.hardware.spi.StepArgument;
import java.util.Optional;

/**
 * The arguments of {@code reset_acme_firmware_settings}. The agent reads the step's {@code args}
 * into this record (snake_case keys: {@code profile}) and lists each {@link StepArgument} component
 * in the step's {@code argsinfo}; an {@code Optional} component is optional there too. Cleaning
 * Ironic runs by itself sends no arguments, so every component here is optional.
 *
 * <p>The package is exported (see {@code module-info.java}) because the agent builds the record
 * reflectively; keep argument and result records in a package of their own.
 */
public record ResetArguments(
        @StepArgument("Acme firmware profile to restore; the factory defaults when absent") Optional<String> profile) {

    public ResetArguments {
        // A record the agent builds may see null for an absent key; normalise once, here.
        profile = profile == null ? Optional.empty() : profile;
    }
}
