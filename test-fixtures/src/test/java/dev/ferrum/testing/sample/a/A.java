package dev.ferrum.testing.sample.a;

import dev.ferrum.testing.sample.b.B;

/** Half of a deliberate package cycle the rule must find. */
public final class A {
    public B partner() {
        return new B();
    }
}
