package dev.ferrum.hardware.spi;

import java.util.Locale;

/** The node's free-form dicts a step may read through {@link StepNode#field}. */
public enum NodeSection {
    PROPERTIES,
    INSTANCE_INFO,
    DRIVER_INFO,
    DRIVER_INTERNAL_INFO,
    EXTRA;

    /** The dict's key in the node document, e.g. {@code driver_internal_info}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
