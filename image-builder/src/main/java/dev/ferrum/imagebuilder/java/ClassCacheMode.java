package dev.ferrum.imagebuilder.java;

/**
 * Which class-data cache the image carries to start the agent faster.
 *
 * <p>Measured on the agent's {@code inventory} start (JDK 25, host, busy machine): no cache about
 * 700-770 ms, static AppCDS 290-430 ms, AOT cache 410-560 ms. AppCDS is the default because it is
 * also byte-reproducible (see {@link ClassList}); the JDK 25 AOT cache is not (its training
 * profile and its assembly both vary run to run, even with ASLR off and one CPU).
 */
public enum ClassCacheMode {
    /** Static AppCDS: {@code -Xshare:dump} over a canonical class list from a training run (JDK 21+). Reproducible. */
    APPCDS,
    /**
     * JDK 24+ AOT cache ({@code -XX:AOTCacheOutput}): not reproducible, so the trained cache is kept
     * in the build cache under a key of all its inputs and reused for identical inputs.
     */
    AOT,
    /** No cache. */
    NONE
}
