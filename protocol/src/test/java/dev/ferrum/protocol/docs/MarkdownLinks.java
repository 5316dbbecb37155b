package dev.ferrum.protocol.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the relative links in a clone's Markdown files that a reader of the fresh clone could not
 * follow: a target that does not exist, one that leaves the clone (a sibling checkout that happens to
 * sit next to it on one machine is not part of the repository), or an anchor naming no heading of the
 * target file. Web links are not fetched; code blocks and code spans are not links.
 */
final class MarkdownLinks {
    /** Build output, VCS data and the wrapper's download cache hold no documentation of ours. */
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", ".git", ".mvn", "node_modules");
    private static final Pattern INLINE = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~).*");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");

    private final Path root;
    private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

    MarkdownLinks(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** Every Markdown file under the root, outside build output and VCS data, in a stable order. */
    List<Path> markdownFiles() {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
                    return !dir.equals(root) && SKIPPED_DIRECTORIES.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE
                            : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    if (attributes.isRegularFile() && file.getFileName().toString().endsWith(".md")) {
                        found.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return found.stream().sorted().toList();
    }

    /** The broken links of {@code file}, each as {@code path:line: target (why)}, relative to the root. */
    List<String> problems(Path file) {
        List<String> problems = new ArrayList<>();
        List<String> lines = read(file);
        boolean inFence = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            String where = root.relativize(file) + ":" + (i + 1) + ": ";
            for (String target : targets(line)) {
                check(file, target).ifPresent(why -> problems.add(where + target + " (" + why + ")"));
            }
        }
        return problems;
    }

    private static List<String> targets(String line) {
        String prose = CODE_SPAN.matcher(line).replaceAll("");
        List<String> targets = new ArrayList<>();
        Matcher inline = INLINE.matcher(prose);
        while (inline.find()) {
            targets.add(inline.group(1));
        }
        Matcher reference = REFERENCE.matcher(prose);
        if (reference.matches()) {
            targets.add(reference.group(1));
        }
        return targets;
    }

    private Optional<String> check(Path file, String target) {
        if (SCHEME.matcher(target).matches()) {
            return Optional.empty();
        }
        int hash = target.indexOf('#');
        String pathPart = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? "" : target.substring(hash + 1);
        int query = pathPart.indexOf('?');
        if (query >= 0) {
            pathPart = pathPart.substring(0, query);
        }
        Path resolved = pathPart.isEmpty() ? file
                : file.getParent().resolve(URLDecoder.decode(pathPart, StandardCharsets.UTF_8)).normalize();
        if (!resolved.startsWith(root)) {
            return Optional.of("outside the repository; a fresh clone does not have it");
        }
        if (!Files.exists(resolved)) {
            return Optional.of("no such file in the repository");
        }
        if (!anchor.isEmpty() && resolved.toString().endsWith(".md") && Files.isRegularFile(resolved)
                && !anchors(resolved).contains(anchor.toLowerCase(Locale.ROOT))) {
            return Optional.of("no heading or anchor \"" + anchor + "\" in " + root.relativize(resolved));
        }
        return Optional.empty();
    }

    /** The anchors a Markdown renderer gives the file's headings (GitHub's rule), plus explicit HTML anchors. */
    private Set<String> anchors(Path file) {
        return anchorsByFile.computeIfAbsent(file, f -> {
            Set<String> anchors = new HashSet<>();
            Map<String, Integer> seen = new HashMap<>();
            boolean inFence = false;
            for (String line : read(f)) {
                if (FENCE.matcher(line).matches()) {
                    inFence = !inFence;
                    continue;
                }
                if (inFence) {
                    continue;
                }
                Matcher heading = HEADING.matcher(line);
                if (heading.matches()) {
                    String slug = slug(heading.group(1));
                    int count = seen.merge(slug, 1, Integer::sum);
                    anchors.add(count == 1 ? slug : slug + "-" + (count - 1));
                }
                Matcher html = HTML_ANCHOR.matcher(line);
                while (html.find()) {
                    anchors.add(html.group(1).toLowerCase(Locale.ROOT));
                }
            }
            return anchors;
        });
    }

    /** A heading's anchor: its text without markup, lower case, punctuation dropped, spaces as hyphens. */
    static String slug(String headingText) {
        String text = headingText.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "").replace("*", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
