package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.util.regex.Pattern;

/**
 * A line of text for iPXE's {@code echo} or a pxelinux {@code say}: plain printable ASCII without
 * the characters iPXE would act on ({@code $ { } # ; | &} and quotes), since iPXE has no way to
 * escape them.
 */
public record ConsoleText(String value) {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9 .,:()/_+=@!?<>%\\[\\]*-]+");
    private static final int MAX_LENGTH = 200;

    public ConsoleText {
        if (value.isBlank() || value.length() > MAX_LENGTH || !SAFE.matcher(value).matches()) {
            throw new PxeException("console message '" + HttpUrl.printable(value) + "' must be 1.." + MAX_LENGTH
                    + " characters of letters, digits, spaces and . , : ( ) / _ + = @ ! ? < > % [ ] * - only");
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
