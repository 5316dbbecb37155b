package dev.ferrum.imagebuilder.busybox;

import java.nio.file.Path;

/** Where the ramdisk's busybox comes from: a file on the build host, or Debian's busybox-static. */
public sealed interface BusyboxSource permits BusyboxSource.HostFile, BusyboxSource.DebianPackage {

    /** A statically linked busybox on this host, e.g. /bin/busybox from busybox-static. */
    record HostFile(Path path) implements BusyboxSource {
    }

    /** Debian's {@code busybox-static}, fetched with apt-get into the build cache. */
    record DebianPackage() implements BusyboxSource {
    }
}
