package dev.ferrum.conductor.image;

import dev.ferrum.conductor.error.InvalidInputException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Decides whether an image reference ({@code instance_info.image_source}, {@code kernel}, {@code ramdisk})
 * may be deployed: an http(s) URL with a host, or a {@code file://} URL naming an absolute path, without
 * {@code ..}, inside one of {@link #fileDirectories} and outside the system trees no image lives in.
 * A scheme-less UUID is a Glance image, which Ferrum cannot fetch. Refusals are 400s worded as Ironic's
 * {@code ImageRefValidationFailed}, so clients that match on it keep working.
 */
public record ImageSourcePolicy(List<Path> fileDirectories) {
    /** Ironic's {@code [conductor]file_url_allowed_paths} default. */
    public static final Path DEFAULT_FILE_DIRECTORY = Path.of("/var/lib/ironic");

    /** Never image sources, whatever is allowed (Ironic blocks the same). */
    private static final List<Path> BLOCKED = List.of("/dev", "/sys", "/proc", "/boot", "/etc", "/run").stream()
            .map(Path::of).toList();
    private static final Pattern UUID_LIKE = Pattern.compile(
            "[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}");

    public ImageSourcePolicy {
        fileDirectories = List.copyOf(fileDirectories);
        for (Path dir : fileDirectories) {
            if (!dir.isAbsolute() || !dir.normalize().equals(dir) || dir.toString().contains("..")) {
                throw new IllegalArgumentException("a file image directory must be an absolute path without '..',"
                        + " got " + dir);
            }
        }
    }

    /** Ironic's default: file:// images only under /var/lib/ironic. */
    public static ImageSourcePolicy defaults() {
        return new ImageSourcePolicy(List.of(DEFAULT_FILE_DIRECTORY));
    }

    /** Refuses every file:// image. */
    public static ImageSourcePolicy noFiles() {
        return new ImageSourcePolicy(List.of());
    }

    /** Checks {@code href}; a refusal is an {@link InvalidInputException} saying why and what to do. */
    public void check(String href) {
        String scheme = scheme(href).orElse("");
        switch (scheme) {
            case "" -> {
                if (UUID_LIKE.matcher(href).matches()) {
                    throw refused(href, "Image " + href + " looks like a Glance image, but this conductor has no"
                            + " image service configured; give an http(s):// or file:// URL instead.");
                }
                throw refused(href, "Scheme-less image href is not a UUID.");
            }
            case "http", "https" -> checkWeb(href);
            case "file" -> checkFile(href);
            default -> throw refused(href, "Image download protocol " + scheme + " is not supported.");
        }
    }

    private static void checkWeb(String href) {
        URI uri = parse(href);
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw refused(href, "The URL names no host; use http(s)://HOST/PATH.");
        }
    }

    private void checkFile(String href) {
        URI uri = parse(href);
        if (uri.getRawAuthority() != null && !"localhost".equalsIgnoreCase(uri.getRawAuthority())) {
            throw refused(href, "A file URL names a file on the conductor and has no host: use file:///ABSOLUTE/PATH.");
        }
        String raw = Optional.ofNullable(uri.getPath()).orElse("");
        if (raw.isEmpty() || !raw.startsWith("/")) {
            throw refused(href, "A file URL needs an absolute path: use file:///ABSOLUTE/PATH.");
        }
        if (List.of(raw.split("/")).contains("..") || List.of(raw.split("/")).contains(".")) {
            throw refused(href, "Security: The path " + raw + " contains '.' or '..' segments; name the file directly.");
        }
        Path path = Path.of(raw);
        for (Path bad : BLOCKED) {
            if (path.startsWith(bad)) {
                throw refused(href, "Security: The path " + bad + " is not permitted in file URLs");
            }
        }
        if (fileDirectories.stream().noneMatch(path::startsWith)) {
            throw refused(href, "Security: Path " + raw + " is not allowed for image source file URLs"
                    + (fileDirectories.isEmpty() ? " (file:// images are disabled on this conductor)"
                    : " (allowed: " + fileDirectories.stream().map(Path::toString).toList() + ")"));
        }
    }

    private static Optional<String> scheme(String href) {
        int colon = href.indexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        String scheme = href.substring(0, colon);
        return scheme.matches("[A-Za-z][A-Za-z0-9+.-]*") ? Optional.of(scheme.toLowerCase(Locale.ROOT))
                : Optional.empty();
    }

    private static URI parse(String href) {
        try {
            return new URI(href);
        } catch (URISyntaxException e) {
            throw refused(href, "It is not a valid URL: " + e.getReason() + ".");
        }
    }

    private static InvalidInputException refused(String href, String reason) {
        return new InvalidInputException("Validation of image href " + href + " failed, reason: " + reason);
    }
}
