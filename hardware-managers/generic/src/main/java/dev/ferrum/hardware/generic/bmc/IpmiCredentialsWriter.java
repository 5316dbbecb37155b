package dev.ferrum.hardware.generic.bmc;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;

/**
 * Sets a BMC user in band with ipmitool, as discoverd's ramdisk did: user slot {@value #USER_ID} gets the name and
 * password, is enabled, and gets administrator access on LAN channel {@value #CHANNEL}. The commands go to
 * {@code ipmitool exec} through a file only the agent can read, deleted right after, so the password is in no
 * process's arguments (which any user can list) and in no error message.
 */
public final class IpmiCredentialsWriter {
    static final int USER_ID = 2;
    static final int CHANNEL = 1;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private IpmiCredentialsWriter() {
    }

    public static Answer<NoResult> write(MachineContext machine, BmcCredentials credentials) {
        if (!machine.commands().isAvailable("ipmitool")) {
            return Answer.declined("ipmitool is not installed");
        }
        if (IpmiBmcReader.DEVICE_NODES.stream().noneMatch(n -> MachineFiles.exists(machine.dev().resolve(n)))) {
            return Answer.declined("no IPMI device (looked for /dev/ipmi0, /dev/ipmi/0, /dev/ipmidev/0; load"
                    + " ipmi_si and ipmi_devintf if the machine has a BMC)");
        }
        if (credentials.username().chars().anyMatch(c -> Character.isWhitespace(c) || c == '"')
                || credentials.password().chars().anyMatch(c -> c == '\n' || c == '\r')) {
            throw new HardwareManagerException("BMC user name " + credentials.username() + " or its password holds"
                    + " characters ipmitool cannot take (white space or quotes in the name, line breaks in the"
                    + " password); choose others.");
        }
        Path script = null;
        try {
            script = Files.createTempFile("ferrum-bmc-user", ".ipmitool",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(script, String.join("\n", List.of(
                    "user set name " + USER_ID + " " + credentials.username(),
                    "user set password " + USER_ID + " " + credentials.password(),
                    "user enable " + USER_ID,
                    "channel setaccess " + CHANNEL + " " + USER_ID + " link=on ipmi=on callin=on privilege=4")) + "\n",
                    StandardCharsets.UTF_8);
            CommandResult result = machine.commands().run(List.of("ipmitool", "exec", script.toString()), TIMEOUT);
            if (!result.succeeded()) {
                throw new HardwareManagerException("ipmitool could not set BMC user " + credentials.username()
                        + " (exit " + result.exitCode() + "): "
                        + result.stderr().replace(credentials.password(), "******").strip());
            }
            return Answer.of(NoResult.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write ipmitool's command file", e);
        } catch (CommandException e) {
            throw new HardwareManagerException("ipmitool could not set BMC user " + credentials.username() + ": "
                    + e.getMessage(), e);
        } finally {
            if (script != null) {
                try {
                    Files.deleteIfExists(script);
                } catch (IOException e) {
                    System.getLogger(IpmiCredentialsWriter.class.getName()).log(System.Logger.Level.WARNING,
                            "could not delete " + script + ": " + e.getMessage());
                }
            }
        }
    }
}
