package dev.ferrum.imagebuilder.elf;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds, by reading ELF headers (no {@code ldd}, so nothing runs), the host libraries that a set of
 * programs and their libraries need, transitively. Names any of the programs' own directories
 * provide (the JDK's {@code $ORIGIN} libraries) count as satisfied.
 */
public final class SharedLibraryResolver {
    private final List<Path> searchDirectories;

    /** @param searchDirectories host directories to look in, in order (e.g. /lib/x86_64-linux-gnu) */
    public SharedLibraryResolver(List<Path> searchDirectories) {
        this.searchDirectories = List.copyOf(searchDirectories);
    }

    /**
     * Resolves what {@code programs} need.
     *
     * @param programs ELF files going into the image, each with the image path used in messages
     * @param provided library names the image already holds next to the programs
     */
    public NativeLibraries resolve(Map<String, Path> programs, Set<String> provided) {
        Map<String, Path> found = new TreeMap<>();
        Map<String, Set<String>> missing = new TreeMap<>();
        Optional<NativeLibraries.Interpreter> interpreter = Optional.empty();
        Deque<Map.Entry<String, Path>> queue = new ArrayDeque<>(new TreeMap<>(programs).entrySet());
        Set<String> visited = new TreeSet<>();
        while (!queue.isEmpty()) {
            Map.Entry<String, Path> next = queue.removeFirst();
            if (!visited.add(next.getKey())) {
                continue;
            }
            ElfFile elf = ElfFile.read(next.getValue());
            if (interpreter.isEmpty() && elf.interpreter().isPresent()) {
                String path = elf.interpreter().get();
                interpreter = Optional.of(new NativeLibraries.Interpreter(path, realFile(Path.of(path), next.getKey())));
            }
            for (String name : elf.needed()) {
                if (provided.contains(name) || found.containsKey(name)) {
                    continue;
                }
                Optional<Path> host = find(name);
                if (host.isPresent()) {
                    found.put(name, host.get());
                    queue.addLast(Map.entry(name, host.get()));
                } else {
                    missing.computeIfAbsent(name, n -> new TreeSet<>()).add(next.getKey());
                }
            }
        }
        List<NativeLibraries.SharedLibrary> libraries = new ArrayList<>();
        found.forEach((name, file) -> libraries.add(new NativeLibraries.SharedLibrary(name, file)));
        List<NativeLibraries.Unresolved> unresolved = new ArrayList<>();
        missing.forEach((name, users) -> unresolved.add(new NativeLibraries.Unresolved(name, List.copyOf(users))));
        return new NativeLibraries(libraries, interpreter, unresolved);
    }

    private Optional<Path> find(String name) {
        for (Path directory : searchDirectories) {
            Path candidate = directory.resolve(name);
            if (Files.exists(candidate)) {
                return Optional.of(realFile(candidate, name));
            }
        }
        return Optional.empty();
    }

    /** Follows links so the image gets the library's bytes under the name programs ask for. */
    private static Path realFile(Path path, String forWhom) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw new ImageBuildException("cannot resolve " + path + " (needed by " + forWhom + "): " + e.getMessage()
                    + "; is the host's C library installed?", e);
        }
    }
}
