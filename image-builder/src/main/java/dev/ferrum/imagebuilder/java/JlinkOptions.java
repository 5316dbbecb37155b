package dev.ferrum.imagebuilder.java;

import java.util.List;

/**
 * How the runtime is linked: extra modules beyond what jdeps found, jlink's {@code --compress}
 * value, the native files to leave out and the modules jdeps finds that the agent never loads.
 *
 * <p>{@code zip-0} is the default because the initramfs is zstd-compressed as a whole: measured on
 * JDK 25, java.base linked with zip-0 is 14.9 MB after zstd -10 against 19.7 MB with zip-6, and
 * classes need no inflating when they load.
 */
public record JlinkOptions(List<String> extraModules, String compress, List<String> excludeFiles, List<String> unusedModules) {

    /**
     * Modules the agent's jars reference only from code it never runs on Linux, measured with
     * {@code jdeps -verbose:class} on 2026-11-27 (Jackson 2.19, OSHI 6.8, JNA 5.17, commons-lang3 3.18):
     * java.desktop from Jackson's {@code Java7SupportImpl} (java.beans; Jackson loads it reflectively and
     * does without), JNA's AWT window ids, jna-platform's Windows/X11 utilities, OSHI's desktop-window
     * listing and commons-lang3's circuit breaker; java.sql and java.xml from Jackson's serializers for
     * java.sql, DOM and javax.xml types (found by class name, used only for such types) and picocli's
     * optional converters; java.datatransfer from jna-platform's drag-and-drop. With java.prefs and
     * java.transaction.xa, which they pull in, they were 34 of the runtime's 92 MB (JDK 25, before
     * stripping). A plugin needing one passes {@code --add-modules}, which wins over this list.
     */
    public static final List<String> UNUSED_BY_THE_AGENT = List.of("java.datatransfer", "java.desktop", "java.sql", "java.xml");

    /** Links every module jdeps finds. */
    public JlinkOptions(List<String> extraModules, String compress, List<String> excludeFiles) {
        this(extraModules, compress, excludeFiles, List.of());
    }

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
        unusedModules = List.copyOf(unusedModules);
    }

    public static JlinkOptions defaults() {
        return new JlinkOptions(List.of(), "zip-0", HEADLESS_EXCLUDES, UNUSED_BY_THE_AGENT);
    }
}
