package dev.ferrum.pxe.dhcp;

import java.util.concurrent.atomic.AtomicInteger;

/** A {@link ProcessSignaller} for tests that counts the SIGHUPs it was asked to send. */
public final class FakeProcessSignaller implements ProcessSignaller {
    private final AtomicInteger hangUps = new AtomicInteger();

    @Override
    public void hangUp() {
        hangUps.incrementAndGet();
    }

    /** How many times {@link #hangUp()} was called. */
    public int hangUps() {
        return hangUps.get();
    }
}
