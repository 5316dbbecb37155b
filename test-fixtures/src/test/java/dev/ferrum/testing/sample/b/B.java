package dev.ferrum.testing.sample.b;

/** The other half of the cycle: b needs a back. */
public final class B {
    public Object back() {
        return new dev.ferrum.testing.sample.a.A();
    }
}
