package dev.ferrum.conductor.api;

import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.auth.UserDirectory;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How operator endpoints authenticate: a fixed set of accepted tokens (each a system admin), users with
 * passwords and roles ({@code http_basic}), or nothing at all — which must be chosen explicitly, never
 * fallen into. Ramdisk endpoints never ask.
 */
public sealed interface ApiAuth {

    /** What a request presented: a token (X-Auth-Token or Bearer) and/or HTTP Basic user and password. */
    record Credentials(Optional<String> token, Optional<Basic> basic) {
        public Credentials {
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(basic, "basic");
        }
    }

    /** An {@code Authorization: Basic} user and password. */
    record Basic(String user, String password) {
        @Override
        public String toString() {
            return "Basic[" + user + "]";
        }
    }

    /** Whether a request presenting {@code token} (empty when it sent none) may proceed. */
    boolean accepts(Optional<String> token);

    /** Who sent a request with {@code credentials}; empty when they prove nobody (401). */
    default Optional<Caller> authenticate(Credentials credentials) {
        return accepts(credentials.token()) ? Optional.of(Caller.operator()) : Optional.empty();
    }

    /** The {@code WWW-Authenticate} challenge of a 401. */
    default String challenge() {
        return "Keystone uri=\"local\"";
    }

    /** Every request is accepted, as Ironic's {@code auth_strategy = noauth}. */
    record NoAuth() implements ApiAuth {
        @Override
        public boolean accepts(Optional<String> token) {
            return true;
        }
    }

    /**
     * Ironic's {@code auth_strategy = http_basic}: users and bcrypt hashes from an htpasswd file, each
     * user's scope and role from a roles file; tokens prove nothing here.
     */
    record HttpBasic(UserDirectory users) implements ApiAuth {
        public HttpBasic {
            Objects.requireNonNull(users, "users");
        }

        @Override
        public boolean accepts(Optional<String> token) {
            return false;
        }

        @Override
        public Optional<Caller> authenticate(Credentials credentials) {
            return credentials.basic().flatMap(b -> users.authenticate(b.user(), b.password()));
        }

        @Override
        public String challenge() {
            return "Basic realm=\"Baremetal API\"";
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
