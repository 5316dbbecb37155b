package dev.ferrum.hardware.generic.bmc;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the BMC's addresses with ipmitool over the in-band IPMI device, as IPA does: LAN channels
 * 1–11 in order, the first with a configured IPv4 address gives the address and MAC; IPv6 comes
 * from {@code lan6 print} on the LAN channels found.
 *
 * <p>When ipmitool answers but nothing is configured, the answer keeps IPA's shape: IPv4
 * {@code "0.0.0.0"}, IPv6 {@code "::/0"}, no MAC, because Ironic and inspector already treat those
 * literals as "unset" and a null would read as "could not tell". When there is no ipmitool, no
 * IPMI device, or no channel answers at all, the reader declines and says why.
 */
public final class IpmiBmcReader {
    public static final String UNCONFIGURED_IPV4 = "0.0.0.0";
    public static final String UNCONFIGURED_IPV6 = "::/0";
    static final List<String> DEVICE_NODES = List.of("ipmi0", "ipmi/0", "ipmidev/0");
    private static final int FIRST_CHANNEL = 1;
    // IPMI channels 0 and 12-15 are reserved; only 1-11 can be LAN channels.
    private static final int LAST_CHANNEL = 11;
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private IpmiBmcReader() {
    }

    public static Answer<BmcAddresses> read(MachineContext machine) {
        CommandRunner commands = machine.commands();
        List<String> missing = new ArrayList<>();
        if (!commands.isAvailable("ipmitool")) {
            missing.add("ipmitool is not installed");
        }
        if (DEVICE_NODES.stream().noneMatch(n -> MachineFiles.exists(machine.dev().resolve(n)))) {
            missing.add("no IPMI device (looked for /dev/ipmi0, /dev/ipmi/0, /dev/ipmidev/0; "
                    + "load ipmi_si and ipmi_devintf if the machine has a BMC)");
        }
        if (!missing.isEmpty()) {
            return Answer.declined(String.join("; ", missing));
        }
        try {
            return scan(commands);
        } catch (CommandException e) {
            return Answer.declined("ipmitool failed: " + e.getMessage());
        }
    }

    private static Answer<BmcAddresses> scan(CommandRunner commands) {
        List<Integer> lanChannels = new ArrayList<>();
        Optional<IpmitoolParser.LanChannel> configured = Optional.empty();
        String firstComplaint = "";
        for (int channel = FIRST_CHANNEL; channel <= LAST_CHANNEL && configured.isEmpty(); channel++) {
            CommandResult result = commands.run(List.of("ipmitool", "lan", "print", Integer.toString(channel)), TIMEOUT);
            Optional<IpmitoolParser.LanChannel> lan = IpmitoolParser.lanPrint(result.stdout());
            if (lan.isEmpty()) {
                if (firstComplaint.isEmpty() && !result.stderr().isBlank()) {
                    firstComplaint = result.stderr().strip().lines().findFirst().orElse("");
                }
                continue;
            }
            lanChannels.add(channel);
            configured = lan.filter(IpmitoolParser.LanChannel::isConfigured);
        }
        if (lanChannels.isEmpty()) {
            return Answer.declined("ipmitool found no LAN channel among channels " + FIRST_CHANNEL + "-" + LAST_CHANNEL
                    + (firstComplaint.isEmpty() ? "" : " (" + firstComplaint + ")"));
        }
        Optional<String> ipv6 = Optional.empty();
        for (int channel : lanChannels) {
            CommandResult result = commands.run(List.of("ipmitool", "lan6", "print", Integer.toString(channel)), TIMEOUT);
            ipv6 = IpmitoolParser.lan6Address(result.stdout());
            if (ipv6.isPresent()) {
                break;
            }
        }
        return Answer.of(new BmcAddresses(
                Optional.of(configured.map(IpmitoolParser.LanChannel::ipv4).orElse(UNCONFIGURED_IPV4)),
                Optional.of(ipv6.orElse(UNCONFIGURED_IPV6)),
                configured.flatMap(IpmitoolParser.LanChannel::mac)));
    }
}
