package dev.ferrum.agent.image;

import java.net.URI;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the image's published bytes must hash to: a known digest, or the URL of a checksums file
 * (sha256sum format, or a bare hash) to fetch first.
 */
public sealed interface ExpectedChecksum {

    /** A digest given inline; {@code hex} is lower-case and has the algorithm's length. */
    record Known(HashAlgorithm algorithm, String hex) implements ExpectedChecksum {
        public Known {
            Objects.requireNonNull(algorithm);
            hex = hex.trim().toLowerCase(Locale.ROOT);
            if (hex.length() != algorithm.hexLength() || !isHex(hex)) {
                throw new ImageWriteException(ImageWriteException.Reason.INVALID_REQUEST,
                        "checksum '" + hex + "' is not a " + algorithm.wireName() + " hex digest ("
                                + algorithm.hexLength() + " hex characters)");
            }
        }

        /** True when the computed digest bytes equal this checksum. */
        public boolean matches(byte[] digest) {
            return HexFormat.of().formatHex(digest).equals(hex);
        }
    }

    /**
     * A checksums file to fetch before the download; the algorithm, when not named, is guessed from
     * the length of the hash found there.
     */
    record Remote(URI url, Optional<HashAlgorithm> algorithm) implements ExpectedChecksum {
        public Remote {
            Objects.requireNonNull(url);
            Objects.requireNonNull(algorithm);
        }

        @Override
        public String toString() {
            return "Remote[" + SafeUrl.redact(url) + ", " + algorithm + "]";
        }
    }

    /** True when every character is a hex digit (and there is at least one). */
    static boolean isHex(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
