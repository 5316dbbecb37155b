package dev.ferrum.conductor.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Optional;

/**
 * How operator endpoints authenticate: a fixed set of accepted tokens, or nothing at all — which must
 * be chosen explicitly, never fallen into. Ramdisk endpoints never ask.
 */
public sealed interface ApiAuth {

    /** Whether a request presenting {@code token} (empty when it sent none) may proceed. */
    boolean accepts(Optional<String> token);

    /** Every request is accepted, as Ironic's {@code auth_strategy = noauth}. */
    record NoAuth() implements ApiAuth {
        @Override
        public boolean accepts(Optional<String> token) {
            return true;
        }
    }

    /** A request must present one of {@code tokens}; compared in constant time so timing tells nothing. */
    record Tokens(List<String> tokens) implements ApiAuth {
        public Tokens {
            tokens = List.copyOf(tokens);
            if (tokens.isEmpty() || tokens.stream().anyMatch(String::isBlank)) {
                throw new IllegalArgumentException("token auth needs at least one non-blank token;"
                        + " configure noauth explicitly to run without authentication");
            }
        }

        @Override
        public boolean accepts(Optional<String> token) {
            if (token.isEmpty()) {
                return false;
            }
            byte[] presented = token.get().getBytes(StandardCharsets.UTF_8);
            boolean match = false;
            // Every configured token is compared, so the answer's timing does not reveal which one matched.
            for (String accepted : tokens) {
                match |= MessageDigest.isEqual(presented, accepted.getBytes(StandardCharsets.UTF_8));
            }
            return match;
        }

        @Override
        public String toString() {
            return "Tokens[" + tokens.size() + " configured]";
        }
    }
}
