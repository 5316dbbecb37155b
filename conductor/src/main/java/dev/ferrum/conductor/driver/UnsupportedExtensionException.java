package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.error.InvalidInputException;

/**
 * Ironic's UnsupportedDriverExtension: the node's slot is an empty one ({@code no-raid}, {@code no-bios},
 * …) or lacks the operation. A 400 unless the endpoint says otherwise (RAID answers 404).
 */
public final class UnsupportedExtensionException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public UnsupportedExtensionException(String driver, String extension) {
        super("Driver " + driver + " does not support " + extension + " (disabled or not implemented).");
    }
}
