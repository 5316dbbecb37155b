package dev.ferrum.imagebuilder.java;

import java.util.HashSet;
import java.util.Set;

/**
 * Which class-cache flags a JVM has, read from {@code java -XX:+PrintFlagsFinal -version}: so the
 * builder detects AOT-cache support instead of guessing it from a version number.
 */
public record JvmFeatures(Set<String> flags) {

    public JvmFeatures {
        flags = Set.copyOf(flags);
    }

    /** Parses PrintFlagsFinal lines: {@code <type> <name> = <value> {<kind>} {<origin>}}. */
    public static JvmFeatures parse(String printFlagsFinal) {
        Set<String> names = new HashSet<>();
        for (String line : printFlagsFinal.split("\n")) {
            String[] words = line.strip().split("\\s+");
            if (words.length >= 3 && words[2].equals("=")) {
                names.add(words[1]);
            }
        }
        return new JvmFeatures(names);
    }

    public boolean supportsAotCache() {
        return flags.contains("AOTCacheOutput");
    }

    public boolean supportsAppCds() {
        return flags.contains("SharedArchiveFile") && flags.contains("DumpLoadedClassList");
    }
}
