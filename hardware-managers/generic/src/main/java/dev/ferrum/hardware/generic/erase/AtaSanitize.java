package dev.ferrum.hardware.generic.erase;

import java.util.Locale;

/**
 * A drive's ATA SANITIZE support from the "Commands/features" list of {@code hdparm -I}: the
 * feature set and which of its three commands the drive implements.
 */
record AtaSanitize(boolean supported, boolean cryptoScramble, boolean blockErase, boolean overwrite) {

    static final AtaSanitize ABSENT = new AtaSanitize(false, false, false, false);

    /** Parses the full output of {@code hdparm -I <device>}. */
    static AtaSanitize parseHdparm(String output) {
        boolean feature = false;
        boolean crypto = false;
        boolean block = false;
        boolean overwrite = false;
        for (String raw : output.split("\r?\n")) {
            // Feature lines read "\t   *\tSANITIZE feature set"; the star (enabled) is optional.
            String line = raw.replace("*", " ").strip().toUpperCase(Locale.ROOT);
            switch (line) {
                case "SANITIZE FEATURE SET" -> feature = true;
                case "CRYPTO_SCRAMBLE_EXT COMMAND" -> crypto = true;
                case "BLOCK_ERASE_EXT COMMAND" -> block = true;
                case "OVERWRITE_EXT COMMAND" -> overwrite = true;
                default -> {
                    // not a sanitize line
                }
            }
        }
        return feature ? new AtaSanitize(true, crypto, block, overwrite) : ABSENT;
    }

    /**
     * The state {@code hdparm --sanitize-status} prints: "SD2 Sanitize operation In Process" while
     * running, "SD1 Sanitize Frozen" when frozen, "Last Sanitize Operation Completed Without Error"
     * (or "SD4 Sanitize Operation succeeded") when done, "SD3 Sanitize Operation Failed" or "Last
     * Sanitize Command completed unsuccessfully" when it went wrong.
     */
    static SanitizeState parseStatus(String output) {
        String text = output.toLowerCase(Locale.ROOT);
        if (text.contains("in process")) {
            return SanitizeState.RUNNING;
        }
        if (text.contains("operation failed") || text.contains("completed with error")
                || text.contains("completed unsuccessfully")) {
            return SanitizeState.FAILED;
        }
        if (text.contains("completed without error") || text.contains("operation succeeded")) {
            return SanitizeState.COMPLETED;
        }
        return SanitizeState.IDLE;
    }

    /** True when {@code hdparm --sanitize-status} says the sanitize commands are frozen until power cycle. */
    static boolean frozen(String statusOutput) {
        return statusOutput.toLowerCase(Locale.ROOT).contains("sanitize frozen");
    }
}
