package dev.ferrum.imagebuilder.elf;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The C libraries a set of ELF programs needs from the build host, resolved by NEEDED names:
 * which host file provides each, the program interpreter, and the names nothing provided.
 */
public record NativeLibraries(List<SharedLibrary> libraries, Optional<Interpreter> interpreter, List<Unresolved> unresolved) {

    public NativeLibraries {
        libraries = List.copyOf(libraries);
        unresolved = List.copyOf(unresolved);
    }

    /** A host library to copy into the image under {@code name}. */
    public record SharedLibrary(String name, Path hostFile) {
    }

    /** The dynamic loader the programs name (PT_INTERP) and the host file that provides it. */
    public record Interpreter(String path, Path hostFile) {
    }

    /** A NEEDED name found on no search path, and the files that asked for it. */
    public record Unresolved(String name, List<String> neededBy) {
        public Unresolved {
            neededBy = List.copyOf(neededBy);
        }
    }
}
