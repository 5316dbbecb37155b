package dev.ferrum.imagebuilder.debian;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Debian package as {@code apt-cache show} describes it: name, version, architecture, the
 * archive's sha256 and its dependency names with any pinned ({@code =}) versions.
 */
public record DebianPackage(String name, String version, String architecture, String sha256, List<Dependency> depends) {

    public DebianPackage {
        depends = List.copyOf(depends);
    }

    /** One alternative-free dependency: {@code linux-image-6.1.0-56-amd64 (= 6.1.192-2)}. */
    public record Dependency(String name, Optional<String> exactVersion) {
    }

    /** The file name {@code apt-get download} gives the archive (an epoch's ':' becomes "%3a"). */
    public String fileName() {
        return name + "_" + version.replace(":", "%3a") + "_" + architecture + ".deb";
    }

    /** Parses the first stanza of {@code apt-cache show} output. */
    public static DebianPackage parse(String stanza) {
        Map<String, String> fields = new LinkedHashMap<>();
        String current = null;
        for (String line : stanza.split("\n")) {
            if (line.isBlank()) {
                if (!fields.isEmpty()) {
                    break;
                }
                continue;
            }
            if ((line.startsWith(" ") || line.startsWith("\t")) && current != null) {
                fields.merge(current, "\n" + line.strip(), String::concat);
                continue;
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                current = line.substring(0, colon);
                fields.put(current, line.substring(colon + 1).strip());
            }
        }
        for (String required : List.of("Package", "Version", "Architecture")) {
            if (!fields.containsKey(required)) {
                throw new dev.ferrum.imagebuilder.ImageBuildException("apt-cache gave no " + required
                        + " field; run apt-get update and check the package name");
            }
        }
        return new DebianPackage(fields.get("Package"), fields.get("Version"), fields.get("Architecture"),
                fields.getOrDefault("SHA256", ""), parseDepends(fields.getOrDefault("Depends", "")));
    }

    private static List<Dependency> parseDepends(String field) {
        return java.util.Arrays.stream(field.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(s -> s.split("\\|")[0].strip())
                .map(DebianPackage::dependency)
                .toList();
    }

    private static Dependency dependency(String text) {
        int paren = text.indexOf('(');
        String name = (paren < 0 ? text : text.substring(0, paren)).strip();
        if (paren >= 0) {
            String constraint = text.substring(paren + 1, text.indexOf(')', paren)).strip();
            if (constraint.startsWith("=")) {
                return new Dependency(name, Optional.of(constraint.substring(1).strip()));
            }
        }
        return new Dependency(name, Optional.empty());
    }
}
