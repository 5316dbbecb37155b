package dev.ferrum.hardware.example;

import dev.ferrum.hardware.example.firmware.FirmwareImage;
import dev.ferrum.hardware.example.firmware.FirmwareUpdate;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Acme's (fake) firmware devices: each component is {@code sys/class/acme_firmware/<component>/version} under
 * the machine root, and an image is a text file whose first line is {@code ACME-FW <component> <version>}. An
 * update downloads the image, checks its SHA-256 and its component before anything is written, then "flashes"
 * the version. A real plugin would hand the verified image to the vendor tool at the same point.
 */
final class FirmwareFlasher {
    /** Images are small; a bigger download is not an Acme image. */
    private static final int MAX_IMAGE = 16 << 20;

    private FirmwareFlasher() {
    }

    static FirmwareUpdate update(FirmwareImage image, MachineContext machine) {
        String component = image.component().orElse("bmc");
        Path device = machine.sys().resolve("class/acme_firmware").resolve(component);
        if (component.contains("/") || component.contains("..") || !Files.isRegularFile(device.resolve("version"))) {
            throw new HardwareManagerException("no Acme firmware component '" + component + "' on this machine"
                    + " (components: " + components(machine) + "); give the component argument one of them");
        }
        byte[] content = download(image.url());
        String expected = image.checksum().toLowerCase(Locale.ROOT).replaceFirst("^sha256:", "");
        String actual = sha256(content);
        if (!actual.equals(expected)) {
            throw new HardwareManagerException("firmware image " + image.url() + " has SHA-256 " + actual + ", not the "
                    + expected + " given; nothing was flashed: check the image and its checksum, then run the step"
                    + " again");
        }
        String header = new String(content, StandardCharsets.UTF_8).lines().findFirst().orElse("");
        String[] parts = header.trim().split("\\s+");
        if (parts.length != 3 || !parts[0].equals("ACME-FW")) {
            throw new HardwareManagerException("firmware image " + image.url() + " is not an Acme image (first line"
                    + " '" + header + "'); nothing was flashed");
        }
        if (!parts[1].equals(component)) {
            throw new HardwareManagerException("firmware image " + image.url() + " is for component " + parts[1]
                    + ", not " + component + "; nothing was flashed: pass component=" + parts[1] + " or another image");
        }
        try {
            String previous = Files.readString(device.resolve("version")).strip();
            Files.writeString(device.resolve("version"), parts[2] + "\n");
            return new FirmwareUpdate(component, previous, parts[2]);
        } catch (IOException e) {
            throw new HardwareManagerException("cannot flash Acme firmware component " + component + ": "
                    + e.getMessage() + "; check the BMC event log, then run the step again");
        }
    }

    private static List<String> components(MachineContext machine) {
        try (var listed = Files.list(machine.sys().resolve("class/acme_firmware"))) {
            return listed.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static byte[] download(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new HardwareManagerException("firmware image URL '" + url + "' is not a URL: " + e.getMessage());
        }
        String scheme = String.valueOf(uri.getScheme());
        if (!List.of("http", "https", "file").contains(scheme)) {
            throw new HardwareManagerException("firmware image URL '" + url + "' must be http(s) or file");
        }
        try (InputStream in = uri.toURL().openStream()) {
            byte[] content = in.readNBytes(MAX_IMAGE + 1);
            if (content.length > MAX_IMAGE) {
                throw new HardwareManagerException("firmware image " + url + " is over " + MAX_IMAGE + " bytes;"
                        + " it is not an Acme image");
            }
            return content;
        } catch (IOException e) {
            throw new HardwareManagerException("cannot download firmware image " + url + ": " + e.getMessage()
                    + "; check the URL is reachable from the ramdisk, then run the step again");
        }
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
