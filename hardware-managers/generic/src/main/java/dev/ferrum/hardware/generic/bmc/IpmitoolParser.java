package dev.ferrum.hardware.generic.bmc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code ipmitool lan print <channel>} and {@code ipmitool lan6 print <channel>} output,
 * picking addresses as IPA's generic manager does.
 */
public final class IpmitoolParser {
    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
    private static final Pattern MAC = Pattern.compile("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}");
    private static final Pattern LAN6_BLOCK = Pattern.compile("IPv6 (Static|Dynamic) Address \\d+:");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");
    /** ipmitool's way of saying "no address": {@code ::}, optionally with a prefix length. */
    private static final Pattern NULL_IPV6 = Pattern.compile("::(/\\d{1,3})*");

    private IpmitoolParser() {
    }

    /** A LAN channel's IPv4 address ({@code 0.0.0.0} when unconfigured) and MAC. */
    public record LanChannel(String ipv4, Optional<String> mac) {
        public boolean isConfigured() {
            return !ipv4.equals("0.0.0.0");
        }
    }

    /**
     * Reads {@code lan print}; empty when the output has no valid {@code IP Address} line, which is
     * what ipmitool prints for a channel that is not a LAN channel.
     */
    public static Optional<LanChannel> lanPrint(String stdout) {
        String ip = null;
        String mac = null;
        for (String line : stdout.split("\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (key.equals("IP Address") && ip == null) {
                ip = value;
            } else if (key.equals("MAC Address") && mac == null) {
                mac = value;
            }
        }
        if (ip == null || !IPV4.matcher(ip).matches()) {
            return Optional.empty();
        }
        Optional<String> validMac = Optional.ofNullable(mac).filter(m -> MAC.matcher(m).matches())
                .map(m -> m.toLowerCase(Locale.ROOT)).filter(m -> !m.equals("00:00:00:00:00:00"));
        return Optional.of(new LanChannel(ip, validMac));
    }

    /**
     * The BMC's IPv6 address from {@code lan6 print}, without its prefix length: only when IPv6
     * addressing is enabled ({@code ipv6} or {@code both}), the first active DHCPv6/SLAAC address,
     * else the first active enabled static one.
     */
    public static Optional<String> lan6Address(String stdout) {
        String enables = "";
        List<Map<String, String>> dynamic = new ArrayList<>();
        List<Map<String, String>> statics = new ArrayList<>();
        Map<String, String> block = null;
        for (String line : stdout.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String text = line.strip();
            if (!Character.isWhitespace(line.charAt(0))) {
                block = null;
                Matcher header = LAN6_BLOCK.matcher(text);
                if (header.matches()) {
                    block = new LinkedHashMap<>();
                    (header.group(1).equals("Dynamic") ? dynamic : statics).add(block);
                } else if (text.startsWith("IPv6/IPv4 Addressing Enables:")) {
                    String[] words = text.split("\\s+");
                    enables = words[words.length - 1].toLowerCase(Locale.ROOT);
                }
            } else if (block != null && text.indexOf(':') > 0) {
                int colon = text.indexOf(':');
                block.put(text.substring(0, colon).strip(), text.substring(colon + 1).strip());
            }
        }
        if (!enables.equals("ipv6") && !enables.equals("both")) {
            return Optional.empty();
        }
        return dynamic.stream()
                .filter(b -> List.of("DHCPv6", "SLAAC").contains(b.getOrDefault("Source/Type", "")))
                .map(IpmitoolParser::activeAddress).flatMap(Optional::stream).findFirst()
                .or(() -> statics.stream()
                        .filter(b -> List.of("yes", "true").contains(b.getOrDefault("Enabled", "").toLowerCase(Locale.ROOT)))
                        .map(IpmitoolParser::activeAddress).flatMap(Optional::stream).findFirst());
    }

    private static Optional<String> activeAddress(Map<String, String> block) {
        String address = block.getOrDefault("Address", "");
        if (!block.getOrDefault("Status", "").equals("active") || address.isEmpty()
                || NULL_IPV6.matcher(address).matches()) {
            return Optional.empty();
        }
        String ip = address.replaceFirst("/\\d{1,3}$", "");
        return IPV6.matcher(ip).matches() ? Optional.of(ip.toLowerCase(Locale.ROOT)) : Optional.empty();
    }
}
