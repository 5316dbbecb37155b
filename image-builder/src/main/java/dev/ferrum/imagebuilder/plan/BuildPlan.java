package dev.ferrum.imagebuilder.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The whole image as pure data, computed before anything is written: every entry sorted by path
 * (so each directory precedes its contents), and the one modification time all entries carry.
 * Archive writers turn the same plan into a cpio or a tar byte for byte reproducibly.
 */
public record BuildPlan(List<PlanEntry> entries, Instant mtime) {

    public BuildPlan {
        List<PlanEntry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparing(PlanEntry::path));
        entries = List.copyOf(sorted);
        validate(entries);
        if (mtime.getNano() != 0 || mtime.isBefore(Instant.EPOCH)) {
            throw new IllegalArgumentException("mtime must be whole seconds after the epoch: " + mtime);
        }
    }

    public Optional<PlanEntry> find(String path) {
        return entries.stream().filter(e -> e.path().equals(path)).findFirst();
    }

    public List<PlanEntry.RegularFile> files() {
        return entries.stream()
                .filter(PlanEntry.RegularFile.class::isInstance)
                .map(PlanEntry.RegularFile.class::cast)
                .toList();
    }

    /** Sum of all regular files' sizes: what the tree occupies once unpacked (without metadata). */
    public long contentBytes() {
        return files().stream().mapToLong(PlanEntry.RegularFile::size).sum();
    }

    /** The entries under {@code prefix} (a directory path), e.g. to export a sub-tree. */
    public List<PlanEntry> under(String prefix) {
        return entries.stream().filter(e -> e.path().startsWith(prefix + "/")).toList();
    }

    private static void validate(List<PlanEntry> sorted) {
        Set<String> directories = new HashSet<>();
        String previous = null;
        for (PlanEntry entry : sorted) {
            if (entry.path().equals(previous)) {
                throw new IllegalArgumentException("two entries for '" + entry.path() + "' in the plan");
            }
            String parent = PlanPaths.parent(entry.path());
            if (!parent.isEmpty() && !directories.contains(parent)) {
                throw new IllegalArgumentException("'" + entry.path() + "' has no directory entry for '" + parent + "'");
            }
            if (entry instanceof PlanEntry.Directory) {
                directories.add(entry.path());
            }
            previous = entry.path();
        }
    }
}
