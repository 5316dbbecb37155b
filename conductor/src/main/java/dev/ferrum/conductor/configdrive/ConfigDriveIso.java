package dev.ferrum.conductor.configdrive;

import com.github.stephenc.javaisotools.iso9660.ConfigException;
import com.github.stephenc.javaisotools.iso9660.ISO9660Directory;
import com.github.stephenc.javaisotools.iso9660.ISO9660File;
import com.github.stephenc.javaisotools.iso9660.ISO9660RootDirectory;
import com.github.stephenc.javaisotools.iso9660.StandardConfig;
import com.github.stephenc.javaisotools.iso9660.impl.CreateISO;
import com.github.stephenc.javaisotools.iso9660.impl.ISO9660Config;
import com.github.stephenc.javaisotools.iso9660.impl.ISOImageFileHandler;
import com.github.stephenc.javaisotools.joliet.impl.JolietConfig;
import com.github.stephenc.javaisotools.rockridge.impl.RockRidgeConfig;
import com.github.stephenc.javaisotools.sabre.HandlerException;
import com.github.stephenc.javaisotools.sabre.impl.ByteArrayDataReference;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes config-drive files into an ISO 9660 image labelled {@code config-2}, with the Joliet and
 * Rock Ridge extensions that carry the long, lower-case names ({@code meta_data.json},
 * {@code 2012-08-10}) the way genisoimage {@code -J -r} does for openstacksdk. Linux mounts the
 * Rock Ridge names; blkid, and so cloud-init, finds the label.
 */
public final class ConfigDriveIso {

    /** The label cloud-init's ConfigDrive datasource looks for (it accepts {@code CONFIG-2} too). */
    public static final String LABEL = "config-2";

    // The primary volume descriptor sits in sector 16; its 32-byte volume identifier starts at byte 40.
    private static final int PRIMARY_DESCRIPTOR = 16 * 2048;
    private static final int VOLUME_ID = PRIMARY_DESCRIPTOR + 40;
    private static final int VOLUME_ID_LENGTH = 32;

    private ConfigDriveIso() {
    }

    /**
     * The image holding {@code files}, dated {@code created}.
     *
     * @throws ConfigDriveException when the writer refuses a name or the image cannot be written
     */
    public static byte[] build(List<ConfigDriveFile> files, Instant created) {
        Path scratch = null;
        try {
            scratch = Files.createTempFile("ferrum-configdrive-", ".iso");
            ISO9660RootDirectory root = new ISO9660RootDirectory();
            Map<String, ISO9660Directory> dirs = new HashMap<>();
            for (ConfigDriveFile file : files) {
                int slash = file.path().lastIndexOf('/');
                ISO9660Directory dir = slash < 0 ? root : directory(root, dirs, file.path().substring(0, slash));
                dir.addFile(new ISO9660File(new ByteArrayDataReference(file.bytes()), file.path().substring(slash + 1),
                        created.toEpochMilli()));
            }
            new CreateISO(new ISOImageFileHandler(scratch.toFile()), root)
                    .process(primary(created), rockRidge(), joliet(created), null);
            return withPrimaryLabel(Files.readAllBytes(scratch));
        } catch (HandlerException | ConfigException e) {
            throw new ConfigDriveException("The config drive could not be built as an ISO 9660 image: "
                    + e.getMessage() + ". Check the file names and sizes in the config drive.", e);
        } catch (IOException e) {
            throw new UncheckedIOException("writing the config drive image", e);
        } finally {
            if (scratch != null) {
                try {
                    Files.deleteIfExists(scratch);
                } catch (IOException ignored) {
                    // A temporary file left behind is harmless; the drive was built or the error is on its way.
                }
            }
        }
    }

    private static ISO9660Directory directory(ISO9660RootDirectory root, Map<String, ISO9660Directory> dirs,
                                              String path) {
        ISO9660Directory known = dirs.get(path);
        if (known != null) {
            return known;
        }
        int slash = path.lastIndexOf('/');
        ISO9660Directory parent = slash < 0 ? root : directory(root, dirs, path.substring(0, slash));
        ISO9660Directory made = parent.addDirectory(path.substring(slash + 1));
        dirs.put(path, made);
        return made;
    }

    private static ISO9660Config primary(Instant created) throws ConfigException {
        ISO9660Config config = new ISO9660Config();
        // Strict d-characters in the primary names: readers without Rock Ridge or Joliet still see the files.
        config.allowASCII(false);
        config.setInterchangeLevel(1);
        config.restrictDirDepthTo8(true);
        config.forceDotDelimiter(true);
        config.setVolumeID(LABEL);
        config.setPublisher("ferrum");
        dated(config, created);
        return config;
    }

    private static RockRidgeConfig rockRidge() {
        RockRidgeConfig config = new RockRidgeConfig();
        config.setMkisofsCompatibility(false);
        config.hideMovedDirectoriesStore(true);
        config.forcePortableFilenameCharacterSet(true);
        return config;
    }

    private static JolietConfig joliet(Instant created) throws ConfigException {
        JolietConfig config = new JolietConfig();
        config.setVolumeID(LABEL);
        config.setPublisher("ferrum");
        config.forceDotDelimiter(true);
        dated(config, created);
        return config;
    }

    private static void dated(StandardConfig config, Instant created) {
        Date date = Date.from(created);
        config.setCreateDate(date);
        config.setModDate(date);
        config.setEffectiveDate(date);
    }

    /**
     * The writer keeps the primary label to d-characters ({@code CONFIG_2}); genisoimage, which builds
     * Ironic's drives, writes it as given, and blkid versions that do not read the Joliet label only
     * see the primary one. So the primary label is set to {@code config-2} exactly, space-padded.
     */
    private static byte[] withPrimaryLabel(byte[] iso) {
        if (iso.length < PRIMARY_DESCRIPTOR + 2048 || iso[PRIMARY_DESCRIPTOR] != 1
                || !"CD001".equals(new String(iso, PRIMARY_DESCRIPTOR + 1, 5, StandardCharsets.US_ASCII))) {
            throw new ConfigDriveException("The ISO writer produced no primary volume descriptor in sector 16.");
        }
        Arrays.fill(iso, VOLUME_ID, VOLUME_ID + VOLUME_ID_LENGTH, (byte) ' ');
        byte[] label = LABEL.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(label, 0, iso, VOLUME_ID, label.length);
        return iso;
    }
}
