package dev.ferrum.agent.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel command line ({@code /proc/cmdline}) as key/value parameters. Values may be
 * double-quoted to hold spaces; a parameter without {@code =} has the empty value; a parameter
 * given twice keeps its last value, as the kernel does.
 */
public final class KernelCommandLine {
    private final Map<String, String> parameters;

    private KernelCommandLine(Map<String, String> parameters) {
        this.parameters = Collections.unmodifiableMap(parameters);
    }

    /** Parses the text of {@code /proc/cmdline}. */
    public static KernelCommandLine parse(String text) {
        // Hand-written: the kernel's quoting rule (quotes anywhere in a word, no escapes) is a few
        // lines, and shell-word libraries would apply shell escapes the kernel does not know.
        Map<String, String> parameters = new LinkedHashMap<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (Character.isWhitespace(c) && !quoted) {
                add(parameters, word);
            } else {
                word.append(c);
            }
        }
        if (quoted) {
            throw new ConfigException("kernel command line has an unclosed double quote: " + text.strip());
        }
        add(parameters, word);
        return new KernelCommandLine(parameters);
    }

    private static void add(Map<String, String> parameters, StringBuilder word) {
        if (word.isEmpty()) {
            return;
        }
        String text = word.toString();
        int equals = text.indexOf('=');
        if (equals < 0) {
            parameters.put(text, "");
        } else {
            parameters.put(text.substring(0, equals), text.substring(equals + 1));
        }
        word.setLength(0);
    }

    /** The value of {@code name}, if the parameter is present. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(parameters.get(name));
    }

    public Map<String, String> asMap() {
        return parameters;
    }
}
