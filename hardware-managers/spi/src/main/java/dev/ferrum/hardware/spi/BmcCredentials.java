package dev.ferrum.hardware.spi;

import java.util.Objects;

/**
 * A BMC user and password the conductor asked the ramdisk to set (discoverd's in-band credential setup). The
 * password never appears in {@link #toString()}, so it cannot reach a log through one.
 */
public record BmcCredentials(String username, String password) {

    public BmcCredentials {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (username.isBlank() || password.isEmpty()) {
            throw new IllegalArgumentException("BMC credentials need a user name and a password");
        }
    }

    @Override
    public String toString() {
        return "BmcCredentials[username=" + username + ", password=******]";
    }
}
