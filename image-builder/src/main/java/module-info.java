/**
 * Builds the agent ramdisk: a jlinked runtime, the class cache, the agent, {@code /init} and kernel
 * modules, into a reproducible initramfs (and the same tree as a container image). The packages the
 * integration tests drive are exported; the Debian package reading, the build plan, the root file
 * system layout and the manifest stay inside.
 */
module dev.ferrum.imagebuilder {
    requires info.picocli;
    requires org.apache.commons.compress;
    requires dev.ferrum.support;
    // The loopback stand-in conductor the class-cache training run talks to.
    requires jdk.httpserver;

    exports dev.ferrum.imagebuilder;
    exports dev.ferrum.imagebuilder.archive;
    exports dev.ferrum.imagebuilder.build;
    exports dev.ferrum.imagebuilder.busybox;
    exports dev.ferrum.imagebuilder.cli;
    exports dev.ferrum.imagebuilder.command;
    exports dev.ferrum.imagebuilder.elf;
    exports dev.ferrum.imagebuilder.init;
    exports dev.ferrum.imagebuilder.java;
    exports dev.ferrum.imagebuilder.kernel;

    // picocli reads the commands' annotated fields reflectively.
    opens dev.ferrum.imagebuilder.cli to info.picocli;
}
