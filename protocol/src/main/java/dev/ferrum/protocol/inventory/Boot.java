package dev.ferrum.protocol.inventory;

import java.util.Optional;

/** The current boot: firmware mode and the MAC of the interface it PXE-booted from, when known. */
public record Boot(BootMode currentBootMode, Optional<String> pxeInterface) {

    /** IPA assumes BIOS when it cannot tell; so does Ferrum. */
    public static final Boot UNKNOWN = new Boot(BootMode.BIOS, Optional.empty());

    public Boot {
        currentBootMode = currentBootMode == null ? BootMode.BIOS : currentBootMode;
        pxeInterface = Optionals.orEmpty(pxeInterface);
    }
}
