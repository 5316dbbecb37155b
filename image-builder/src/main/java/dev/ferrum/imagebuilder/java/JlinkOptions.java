package dev.ferrum.imagebuilder.java;

import java.util.List;

/**
 * How the runtime is linked: extra modules beyond what jdeps found, jlink's {@code --compress}
 * value and the native files to leave out.
 *
 * <p>{@code zip-0} is the default because the initramfs is zstd-compressed as a whole: measured on
 * JDK 25, java.base linked with zip-0 is 14.9 MB after zstd -10 against 19.7 MB with zip-6, and
 * classes need no inflating when they load.
 */
public record JlinkOptions(List<String> extraModules, String compress, List<String> excludeFiles) {

    /**
     * Native libraries of java.desktop that a headless agent never loads and that link X11, ALSA or
     * fonts the ramdisk lacks. java.desktop itself stays (jdeps finds java.awt.Rectangle in OSHI and
     * java.beans in Jackson); libawt and libawt_headless stay so those classes initialise headless.
     */
    public static final List<String> HEADLESS_EXCLUDES = List.of(
            "**/libawt_xawt.so", "**/libjawt.so", "**/libsplashscreen.so", "**/libjsound.so",
            "**/libfontmanager.so", "**/libfreetype.so", "**/liblcms.so", "**/libjavajpeg.so", "**/libmlib_image.so");

    public JlinkOptions {
        extraModules = List.copyOf(extraModules);
        excludeFiles = List.copyOf(excludeFiles);
    }

    public static JlinkOptions defaults() {
        return new JlinkOptions(List.of(), "zip-0", HEADLESS_EXCLUDES);
    }
}
