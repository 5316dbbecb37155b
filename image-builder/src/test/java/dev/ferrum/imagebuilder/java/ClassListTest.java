package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClassListTest {
    // Two real -XX:DumpLoadedClassList runs of the agent differed exactly like this (JDK 25).
    private static final String RUN_ONE = """
            # NOTE: Do not modify this file.
            java/lang/Object id: 0
            java/util/Collections id: 265
            jdk/internal/ref/Cleaner id: 266
            dev/ferrum/agent/Main id: 1237
            @cp sun/invoke/util/VerifyAccess 3 5 8 128
            @lambda-proxy dev/ferrum/hardware/spi/HardwareManagerRegistry apply ()Ljava/util/function/Function;
            @lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L7_L
            custom/Loaded id: 9 super: 0 source: /tmp/x.jar
            """;
    private static final String RUN_TWO = """
            # NOTE: Do not modify this file.
            java/lang/Object id: 0
            jdk/internal/ref/Cleaner id: 265
            java/util/Collections id: 266
            @cp sun/invoke/util/VerifyAccess 3 5 8
            @lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L7_L
            dev/ferrum/agent/Main id: 1238
            @lambda-proxy dev/ferrum/hardware/spi/HardwareManagerRegistry apply ()Ljava/util/function/Function;
            """;

    @Test
    void timingDependentDifferencesDisappear() {
        assertThat(ClassList.canonicalize(RUN_ONE)).isEqualTo(ClassList.canonicalize(RUN_TWO));
    }

    @Test
    void canonicalFormIsSortedRenumberedClassesThenLambdaLines() {
        assertThat(ClassList.canonicalize(RUN_ONE)).isEqualTo("""
                # Canonical class list written by ferrum-image-builder (sorted, renumbered).
                dev/ferrum/agent/Main id: 0
                java/lang/Object id: 1
                java/util/Collections id: 2
                jdk/internal/ref/Cleaner id: 3
                @lambda-form-invoker [LF_RESOLVE] java.lang.invoke.DirectMethodHandle$Holder invokeStatic L7_L
                @lambda-proxy dev/ferrum/hardware/spi/HardwareManagerRegistry apply ()Ljava/util/function/Function;
                """);
    }
}
