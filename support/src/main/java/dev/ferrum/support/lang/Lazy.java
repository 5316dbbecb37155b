package dev.ferrum.support.lang;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value made at its first use, once, however many threads ask at the same time: for what is costly to make at
 * start (a TLS client that parses the trust store, a key pair) and may never be needed. A maker that throws keeps
 * nothing, so the next {@link #get} tries again.
 *
 * @param <T> the value's type
 */
public final class Lazy<T> implements Supplier<T> {
    private final Supplier<? extends T> maker;
    private volatile T value;

    private Lazy(Supplier<? extends T> maker) {
        this.maker = Objects.requireNonNull(maker, "maker");
    }

    /** A value {@code maker} makes at the first {@link #get}; it must not return null. */
    public static <T> Lazy<T> of(Supplier<? extends T> maker) {
        return new Lazy<>(maker);
    }

    /** The value, made now if this is the first call (other callers wait for it meanwhile). */
    @Override
    public T get() {
        T made = value;
        if (made == null) {
            synchronized (this) {
                made = value;
                if (made == null) {
                    made = Objects.requireNonNull(maker.get(), "the maker of a lazy value returned null");
                    value = made;
                }
            }
        }
        return made;
    }
}
