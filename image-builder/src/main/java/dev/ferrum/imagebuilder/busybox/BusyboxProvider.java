package dev.ferrum.imagebuilder.busybox;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandResult;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.debian.DebianPackage;
import dev.ferrum.imagebuilder.debian.DebianPackages;
import dev.ferrum.imagebuilder.elf.ElfFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds busybox, insists it is statically linked (the ramdisk's C library is only what the JVM
 * needs, and a dynamic busybox could need more), and asks it for its applets so every one gets
 * a link in the image.
 */
public final class BusyboxProvider {
    private final CommandRunner runner;
    private final DebianPackages packages;

    public BusyboxProvider(CommandRunner runner, DebianPackages packages) {
        this.runner = runner;
        this.packages = packages;
    }

    public Busybox provide(BusyboxSource source) {
        Path binary = switch (source) {
            case BusyboxSource.HostFile host -> host.path();
            case BusyboxSource.DebianPackage debian -> {
                DebianPackage pkg = packages.describe("busybox-static", Optional.empty());
                yield packages.extract(pkg).resolve("bin/busybox");
            }
        };
        if (!ElfFile.isElf(binary)) {
            throw new ImageBuildException(binary + " is not a busybox binary; install busybox-static or pass --busybox-from-apt");
        }
        if (!ElfFile.read(binary).isStatic()) {
            throw new ImageBuildException(binary + " is dynamically linked; install busybox-static (apt-get install busybox-static) "
                    + "or pass --busybox-from-apt");
        }
        Command list = Command.of(binary.toString(), "--list-full");
        List<String> applets = runner.run(list).requireSuccess(list, "Use a busybox built with --list-full support.")
                .stdout().lines().map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
        CommandResult help = runner.run(Command.of(binary.toString(), "--help"));
        String version = (help.stdout() + help.stderr()).lines().findFirst().orElse("busybox").strip();
        return new Busybox(binary, version, applets);
    }
}
