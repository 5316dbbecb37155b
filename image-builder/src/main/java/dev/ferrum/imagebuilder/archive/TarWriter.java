package dev.ferrum.imagebuilder.archive;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

/**
 * Writes a plan as a POSIX tar that {@code docker import} accepts as a container root file system.
 * Reproducible like the cpio: plan order, one mtime, uid/gid 0 named root. Device nodes are left
 * out (a container runtime provides /dev).
 */
public final class TarWriter {

    public void write(BuildPlan plan, Path target) {
        try (OutputStream out = Files.newOutputStream(target)) {
            write(plan, out);
        } catch (IOException e) {
            throw new ImageBuildException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    public void write(BuildPlan plan, OutputStream out) throws IOException {
        FileTime mtime = FileTime.from(plan.mtime());
        TarArchiveOutputStream tar = new TarArchiveOutputStream(new CpioWriter.NonClosing(out), "UTF-8");
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
        for (PlanEntry entry : plan.entries()) {
            TarArchiveEntry header = switch (entry) {
                case PlanEntry.Directory dir -> {
                    TarArchiveEntry h = new TarArchiveEntry(dir.path() + "/", TarConstants.LF_DIR);
                    h.setMode(TarArchiveEntry.DEFAULT_DIR_MODE & ~07777 | dir.mode());
                    yield h;
                }
                case PlanEntry.RegularFile file -> {
                    TarArchiveEntry h = new TarArchiveEntry(file.path(), TarConstants.LF_NORMAL);
                    h.setMode(TarArchiveEntry.DEFAULT_FILE_MODE & ~07777 | file.mode());
                    h.setSize(file.size());
                    yield h;
                }
                case PlanEntry.Symlink link -> {
                    TarArchiveEntry h = new TarArchiveEntry(link.path(), TarConstants.LF_SYMLINK);
                    h.setLinkName(link.target());
                    h.setMode(0120777);
                    yield h;
                }
                case PlanEntry.CharDevice device -> null;
            };
            if (header == null) {
                continue;
            }
            header.setLastModifiedTime(mtime);
            header.setIds(0, 0);
            header.setNames("root", "root");
            tar.putArchiveEntry(header);
            if (entry instanceof PlanEntry.RegularFile file) {
                PlanContent.copy(file, tar);
            }
            tar.closeArchiveEntry();
        }
        tar.finish();
        tar.close();
    }
}
