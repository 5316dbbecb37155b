package dev.ferrum.imagebuilder.archive;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveOutputStream;
import org.apache.commons.compress.archivers.cpio.CpioConstants;

/**
 * Writes a plan as a newc ("070701") cpio archive, the format the kernel unpacks as an initramfs.
 * Every field that could vary is fixed: entries in plan order, inode = position, device 0:0,
 * uid/gid 0, one mtime, one link per node; so equal plans give equal bytes.
 */
public final class CpioWriter {

    public void write(BuildPlan plan, Path target) {
        try (OutputStream out = Files.newOutputStream(target)) {
            write(plan, out);
        } catch (IOException e) {
            throw new ImageBuildException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    public void write(BuildPlan plan, OutputStream out) throws IOException {
        long mtime = plan.mtime().getEpochSecond();
        // The stream must not close `out`; the caller owns it. finish() writes the trailer.
        CpioArchiveOutputStream cpio = new CpioArchiveOutputStream(new NonClosing(out), CpioConstants.FORMAT_NEW,
                CpioConstants.BLOCK_SIZE, StandardCharsets.UTF_8.name());
        long inode = 1;
        for (PlanEntry entry : plan.entries()) {
            CpioArchiveEntry header = new CpioArchiveEntry(CpioConstants.FORMAT_NEW, entry.path());
            header.setInode(inode++);
            header.setUID(0);
            header.setGID(0);
            header.setTime(mtime);
            header.setDeviceMaj(0);
            header.setDeviceMin(0);
            header.setNumberOfLinks(1);
            switch (entry) {
                case PlanEntry.Directory dir -> {
                    header.setMode(CpioConstants.C_ISDIR | dir.mode());
                    header.setNumberOfLinks(2);
                    cpio.putArchiveEntry(header);
                }
                case PlanEntry.RegularFile file -> {
                    header.setMode(CpioConstants.C_ISREG | file.mode());
                    header.setSize(file.size());
                    cpio.putArchiveEntry(header);
                    PlanContent.copy(file, cpio);
                }
                case PlanEntry.Symlink link -> {
                    byte[] target = link.target().getBytes(StandardCharsets.UTF_8);
                    header.setMode(CpioConstants.C_ISLNK | link.mode());
                    header.setSize(target.length);
                    cpio.putArchiveEntry(header);
                    cpio.write(target);
                }
                case PlanEntry.CharDevice device -> {
                    header.setMode(CpioConstants.C_ISCHR | device.mode());
                    header.setRemoteDeviceMaj(device.major());
                    header.setRemoteDeviceMin(device.minor());
                    cpio.putArchiveEntry(header);
                }
            }
            cpio.closeArchiveEntry();
        }
        cpio.finish();
        cpio.close();
    }

    /** Keeps the archive stream's close() from closing the caller's stream. */
    static final class NonClosing extends java.io.FilterOutputStream {
        NonClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
