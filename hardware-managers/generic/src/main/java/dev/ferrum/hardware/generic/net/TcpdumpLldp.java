package dev.ferrum.hardware.generic.net;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.LldpCollector.Tlv;
import dev.ferrum.hardware.spi.MachineContext;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects LLDP the way IPA's generic manager does (one frame per interface, waiting at most the LLDP interval
 * switches use), with {@code tcpdump} capturing a single EtherType 0x88cc frame, since the JVM cannot open raw
 * sockets. The frame's hex dump is split into its TLVs. Declines when tcpdump is missing.
 */
public final class TcpdumpLldp {
    /** Switches send LLDP every 30 s by default; IPA's ipa-lldp-timeout waits that long too. */
    static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern DUMP_LINE = Pattern.compile("^\\s*0x[0-9a-f]+:\\s+((?:[0-9a-f]{2,4}\\s?)+)");
    private static final int ETHERNET_HEADER = 14;

    private TcpdumpLldp() {
    }

    public static Answer<Map<String, List<Tlv>>> collect(MachineContext machine, List<String> interfaces) {
        if (!machine.commands().isAvailable("tcpdump")) {
            return Answer.declined("tcpdump is not installed; add it to the ramdisk to collect LLDP");
        }
        Map<String, List<Tlv>> heard = new LinkedHashMap<>();
        for (String nic : interfaces) {
            try {
                // -c 1: the first frame; -xx: the whole frame in hex; the runner's timeout ends a silent port.
                CommandResult result = machine.commands().run(List.of("tcpdump", "-i", nic, "-c", "1", "-xx", "-nn",
                        "-e", "ether", "proto", "0x88cc"), WAIT);
                frame(result.stdout()).flatMap(TcpdumpLldp::tlvs).ifPresent(tlvs -> heard.put(nic, tlvs));
            } catch (CommandException e) {
                System.getLogger(TcpdumpLldp.class.getName()).log(System.Logger.Level.WARNING,
                        "no LLDP frame heard on " + nic + " (" + e.getMessage() + "); the switch port may not send LLDP");
            }
        }
        return Answer.of(heard);
    }

    /** The frame's bytes from tcpdump's {@code -xx} hex dump. */
    static Optional<byte[]> frame(String dump) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (String line : dump.split("\n")) {
            Matcher m = DUMP_LINE.matcher(line);
            if (m.find()) {
                bytes.writeBytes(HexFormat.of().parseHex(m.group(1).replaceAll("\\s", "")));
            }
        }
        return bytes.size() > ETHERNET_HEADER ? Optional.of(bytes.toByteArray()) : Optional.empty();
    }

    /** The TLVs after the Ethernet header, as IPA lists them, up to and including the end TLV. */
    static Optional<List<Tlv>> tlvs(byte[] frame) {
        if (((frame[12] & 0xff) << 8 | (frame[13] & 0xff)) != 0x88cc) {
            return Optional.empty();
        }
        List<Tlv> out = new ArrayList<>();
        int at = ETHERNET_HEADER;
        while (at + 2 <= frame.length) {
            int header = (frame[at] & 0xff) << 8 | (frame[at + 1] & 0xff);
            int type = header >> 9;
            int length = header & 0x1ff;
            if (at + 2 + length > frame.length) {
                break;
            }
            out.add(new Tlv(type, HexFormat.of().formatHex(frame, at + 2, at + 2 + length)));
            at += 2 + length;
            if (type == 0) {
                break;
            }
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(out));
    }
}
