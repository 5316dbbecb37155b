package dev.ferrum.protocol.command;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ferrum.protocol.error.WireFormatException;

/**
 * The params of {@code rescue.finalize_rescue}: the rescue password as a crypt(3) hash and
 * {@code hashed: true}, as Ironic sends them. {@link #toString} never shows the hash.
 */
public record FinalizeRescueParams(@JsonProperty("rescue_password") String rescuePassword, boolean hashed) {

    public FinalizeRescueParams {
        if (rescuePassword == null || rescuePassword.isBlank()) {
            throw new WireFormatException("finalize_rescue needs a rescue_password");
        }
    }

    /** The params for an already hashed password, the only form Ferrum sends. */
    public static FinalizeRescueParams ofHash(String hash) {
        return new FinalizeRescueParams(hash, true);
    }

    @Override
    public String toString() {
        return "FinalizeRescueParams[rescue_password=******, hashed=" + hashed + "]";
    }
}
