package dev.ferrum.imagebuilder.busybox;

import java.nio.file.Path;
import java.util.List;

/** A static busybox ready for the image: the binary, its version line and its applet paths. */
public record Busybox(Path binary, String version, List<String> applets) {
    public Busybox {
        applets = List.copyOf(applets);
    }
}
