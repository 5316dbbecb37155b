package dev.ferrum.testing.sample.c;

import dev.ferrum.testing.sample.a.A;

/** Depends one way only: no cycle through c. */
public final class C {
    public A use() {
        return new A();
    }
}
