package dev.ferrum.imagebuilder.archive;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.plan.FileSource;
import dev.ferrum.imagebuilder.plan.PlanEntry;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Copies a planned file's bytes into an archive and checks they are still the bytes that were
 * planned: a host file that changed between planning and writing fails the build instead of
 * producing an image whose manifest lies.
 */
final class PlanContent {
    private PlanContent() {
    }

    static void copy(PlanEntry.RegularFile file, OutputStream out) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        long written = 0;
        try (InputStream in = open(file.source())) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                if (written + n > file.size()) {
                    throw changed(file);
                }
                md.update(buffer, 0, n);
                out.write(buffer, 0, n);
                written += n;
            }
        }
        String sha256 = HexFormat.of().formatHex(md.digest());
        if (written != file.size() || !sha256.equals(file.sha256())) {
            throw changed(file);
        }
    }

    private static ImageBuildException changed(PlanEntry.RegularFile file) {
        return new ImageBuildException("'" + file.path() + "' changed after it was planned (" + file.source()
                + "); make sure nothing writes to the build's inputs while it runs");
    }

    private static InputStream open(FileSource source) throws IOException {
        return switch (source) {
            case FileSource.HostFile host -> Files.newInputStream(host.path());
            case FileSource.Content content -> new java.io.ByteArrayInputStream(content.bytes());
        };
    }
}
