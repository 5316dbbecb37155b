package dev.ferrum.agent.image.writer;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds an image's hash in a checksums file as IPA does: a file holding only a hash is that hash;
 * otherwise the line naming the image's file ({@code sha256sum} "hash  name", with an optional
 * {@code *} binary marker, or BSD "SHA256 (name) = hash").
 */
final class ChecksumFile {
    private static final Pattern BSD = Pattern.compile("^\\w+\\s*\\((.+)\\)\\s*=\\s*(\\S+)$");

    private ChecksumFile() {
    }

    /** The hash for the first of {@code fileNames} the file lists (names as in the image URLs' last path segment). */
    static String find(String content, List<String> fileNames, String source) {
        List<String> lines = new ArrayList<>();
        for (String line : content.split("\\R")) {
            String t = line.trim();
            if (!t.isEmpty() && !t.startsWith("#")) {
                lines.add(t);
            }
        }
        if (lines.isEmpty()) {
            throw new ImageWriteException(Reason.INVALID_REQUEST, "checksum file " + source + " is empty");
        }
        if (lines.size() == 1 && lines.get(0).split("\\s+").length == 1) {
            return lines.get(0);
        }
        for (String name : fileNames) {
            for (String line : lines) {
                Optional<String> hash = hashFor(line, name);
                if (hash.isPresent()) {
                    return hash.get();
                }
            }
        }
        throw new ImageWriteException(Reason.INVALID_REQUEST, "checksum file " + source + " has no line for "
                + String.join(" or ", fileNames) + "; it should list the image file name as in the image URL");
    }

    private static Optional<String> hashFor(String line, String name) {
        Matcher bsd = BSD.matcher(line);
        if (bsd.matches()) {
            return bsd.group(1).trim().equals(name) ? Optional.of(bsd.group(2)) : Optional.empty();
        }
        String[] parts = line.split("\\s+", 2);
        if (parts.length < 2) {
            return Optional.empty();
        }
        String listed = parts[1].trim();
        if (listed.startsWith("*")) {
            listed = listed.substring(1);
        }
        if (listed.startsWith("./")) {
            listed = listed.substring(2);
        }
        return listed.equals(name) ? Optional.of(parts[0]) : Optional.empty();
    }
}
