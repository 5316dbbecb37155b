package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmFeaturesTest {

    @Test
    void jdk25HasBothCaches() {
        JvmFeatures features = JvmFeatures.parse("""
                [Global flags]
                    ccstr AOTCache                                 =                                           {product} {default}
                    ccstr AOTCacheOutput                           =                                           {product} {default}
                    ccstr DumpLoadedClassList                      =                                           {product} {default}
                    ccstr SharedArchiveFile                        =                                           {product} {default}
                openjdk version "25.0.3" 2026-04-21 LTS
                """);

        assertThat(features.supportsAotCache()).isTrue();
        assertThat(features.supportsAppCds()).isTrue();
    }

    @Test
    void jdk21HasAppCdsOnly() {
        JvmFeatures features = JvmFeatures.parse("""
                    ccstr ArchiveClassesAtExit                     =                                           {product} {default}
                    ccstr DumpLoadedClassList                      =                                           {product} {default}
                    ccstr SharedArchiveFile                        =                                           {product} {default}
                """);

        assertThat(features.supportsAotCache()).isFalse();
        assertThat(features.supportsAppCds()).isTrue();
    }
}
