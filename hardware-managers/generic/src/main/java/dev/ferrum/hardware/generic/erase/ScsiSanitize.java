package dev.ferrum.hardware.generic.erase;

import java.util.Locale;

/**
 * Which SANITIZE (opcode 0x48) service actions a SCSI device reports in
 * {@code sg_opcodes --no-inquiry <dev>}: 1 overwrite, 2 block erase, 3 cryptographic erase.
 */
record ScsiSanitize(boolean overwrite, boolean blockErase, boolean cryptoErase) {

    static final ScsiSanitize ABSENT = new ScsiSanitize(false, false, false);

    boolean any() {
        return overwrite || blockErase || cryptoErase;
    }

    /** Parses sg_opcodes' table: lines whose first column is the opcode and second the service action. */
    static ScsiSanitize parseOpcodes(String output) {
        boolean overwrite = false;
        boolean block = false;
        boolean crypto = false;
        for (String raw : output.split("\r?\n")) {
            String[] cols = raw.strip().split("\\s+");
            if (cols.length < 3 || !cols[0].toLowerCase(Locale.ROOT).equals("48")) {
                continue;
            }
            switch (cols[1].toLowerCase(Locale.ROOT)) {
                case "1" -> overwrite = true;
                case "2" -> block = true;
                case "3" -> crypto = true;
                default -> {
                    // exit failure mode (1f) and others are not erase actions
                }
            }
        }
        return new ScsiSanitize(overwrite, block, crypto);
    }
}
