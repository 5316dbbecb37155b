package dev.ferrum.imagebuilder.rootfs;

/**
 * Where things live inside the image (paths relative to its root). The agent, the conductor's
 * expectations and the init script all follow these, so they are in one place.
 */
public final class ImageLayout {
    public static final String FERRUM = "opt/ferrum";
    public static final String JRE = FERRUM + "/jre";
    public static final String JAVA = JRE + "/bin/java";
    public static final String AGENT = FERRUM + "/agent";
    public static final String AGENT_LIB = AGENT + "/lib";
    public static final String PLUGINS = FERRUM + "/plugins";
    public static final String CLASS_CACHE_WITHOUT_SUFFIX = AGENT + "/ferrum-agent";
    public static final String ETC_FERRUM = "etc/ferrum";
    public static final String MODULES_LOAD = ETC_FERRUM + "/modules.load";
    public static final String UDHCPC_HOOK = ETC_FERRUM + "/udhcpc.sh";
    public static final String BUSYBOX = "bin/busybox";
    public static final String LAUNCHER = "usr/bin/ferrum-agent";
    /** Debian's multiarch directory, which glibc's loader searches without an ld.so.cache. */
    public static final String LIBRARIES = "lib/x86_64-linux-gnu";
    public static final String HOST_BINARIES = "usr/local/bin";

    private ImageLayout() {
    }

    /** The module directory of kernel {@code version}. */
    public static String modules(String version) {
        return "lib/modules/" + version;
    }

    /** An image path as an absolute path on the running system. */
    public static String absolute(String imagePath) {
        return "/" + imagePath;
    }
}
