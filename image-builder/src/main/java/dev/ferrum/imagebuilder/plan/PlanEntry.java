package dev.ferrum.imagebuilder.plan;

/**
 * One node of the image tree, addressed by a relative path without a leading slash
 * ({@code opt/ferrum/jre/bin/java}). Permission bits only; the kind of node is the record type.
 */
public sealed interface PlanEntry permits PlanEntry.Directory, PlanEntry.RegularFile, PlanEntry.Symlink, PlanEntry.CharDevice {

    String path();

    /** Permission bits, e.g. {@code 0755}. */
    int mode();

    /** A directory. */
    record Directory(String path, int mode) implements PlanEntry {
        public Directory {
            PlanPaths.requireValid(path);
        }
    }

    /** A regular file with where its bytes come from, and their size and sha256 (lower-case hex). */
    record RegularFile(String path, int mode, FileSource source, long size, String sha256) implements PlanEntry {
        public RegularFile {
            PlanPaths.requireValid(path);
        }
    }

    /** A symbolic link; {@code target} is stored verbatim (relative or absolute). */
    record Symlink(String path, String target) implements PlanEntry {
        public Symlink {
            PlanPaths.requireValid(path);
        }

        @Override
        public int mode() {
            return 0777;
        }
    }

    /** A character device node, e.g. {@code dev/console} (5, 1) that the kernel opens before /init runs. */
    record CharDevice(String path, int mode, int major, int minor) implements PlanEntry {
        public CharDevice {
            PlanPaths.requireValid(path);
        }
    }
}
