package dev.ferrum.agent.system;

import dev.ferrum.agent.AgentException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Powers the machine off or reboots it from inside the ramdisk: flush disks, ask init
 * ({@code poweroff -f} / {@code reboot -f}), and when that does not work fall back to the kernel's
 * magic SysRq trigger, which needs no userspace at all.
 */
public final class KernelPowerControl implements PowerControl {
    private static final System.Logger LOG = System.getLogger(KernelPowerControl.class.getName());
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final CommandRunner commands;
    private final Path sysrqTrigger;

    /** @param procRoot where {@code sysrq-trigger} lives ({@code /proc}; relocatable for tests) */
    public KernelPowerControl(CommandRunner commands, Path procRoot) {
        this.commands = commands;
        this.sysrqTrigger = procRoot.resolve("sysrq-trigger");
    }

    @Override
    public void powerOff() {
        act("poweroff", "o");
    }

    @Override
    public void reboot() {
        act("reboot", "b");
    }

    private void act(String program, String sysrqCode) {
        commands.run(List.of("sync"), TIMEOUT);
        if (commands.isAvailable(program)) {
            CommandResult result = commands.run(List.of(program, "-f"), TIMEOUT);
            if (result.succeeded()) {
                return;
            }
            LOG.log(System.Logger.Level.WARNING, program + " -f failed (" + result.stderr().strip()
                    + "); falling back to SysRq");
        }
        try {
            Files.writeString(sysrqTrigger, sysrqCode, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new AgentException("cannot " + program + ": neither '" + program + " -f' nor " + sysrqTrigger
                    + " worked (" + e.getMessage() + ")", e);
        }
    }
}
