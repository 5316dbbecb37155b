package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.util.regex.Pattern;

/**
 * The iPXE binary, relative to the TFTP root, that a plain PXE ROM of {@code arch} is told to
 * load; once running, iPXE asks DHCP again, identifies itself and gets the HTTP boot script.
 */
public record Chainloader(ClientArch arch, String file) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.+-]+(/[A-Za-z0-9_.+-]+)*");

    public Chainloader {
        if (!NAME.matcher(file).matches() || file.startsWith(".") || file.contains("/.") || file.length() > 127) {
            throw new PxeException("chainloader file '" + file + "' must be a relative path under the TFTP root of at most "
                    + "127 characters: letters, digits, '_', '.', '+', '-' and '/' (no '..', spaces or commas)");
        }
    }
}
