package dev.ferrum.support.lang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LazyTest {
    @Test
    void makesNothingUntilAskedThenTheSameValueEveryTime() {
        AtomicInteger made = new AtomicInteger();
        Lazy<Object> lazy = Lazy.of(() -> {
            made.incrementAndGet();
            return new Object();
        });
        assertThat(made).hasValue(0);

        Object first = lazy.get();

        assertThat(lazy.get()).isSameAs(first);
        assertThat(made).hasValue(1);
    }

    @Test
    void threadsAskingAtOnceGetOneValueMadeOnce() throws Exception {
        AtomicInteger made = new AtomicInteger();
        CountDownLatch inMaker = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Lazy<Object> lazy = Lazy.of(() -> {
            made.incrementAndGet();
            inMaker.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new Object();
        });
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Object>> asked = new ArrayList<>();
            asked.add(threads.submit(lazy::get));
            assertThat(inMaker.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 7; i++) {
                asked.add(threads.submit(lazy::get));
            }
            release.countDown();
            Object first = asked.get(0).get(10, TimeUnit.SECONDS);
            for (Future<Object> answer : asked) {
                assertThat(answer.get(10, TimeUnit.SECONDS)).isSameAs(first);
            }
        } finally {
            threads.shutdownNow();
        }
        assertThat(made).hasValue(1);
    }

    @Test
    void aMakerThatFailsKeepsNothingAndIsAskedAgain() {
        AtomicInteger calls = new AtomicInteger();
        Lazy<String> lazy = Lazy.of(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("trust store unreadable");
            }
            return "client";
        });

        assertThatThrownBy(lazy::get).hasMessage("trust store unreadable");
        assertThat(lazy.get()).isEqualTo("client");
        assertThat(calls).hasValue(2);
    }

    @Test
    void aMakerReturningNullIsAnError() {
        assertThatThrownBy(Lazy.of(() -> null)::get).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("returned null");
    }
}
