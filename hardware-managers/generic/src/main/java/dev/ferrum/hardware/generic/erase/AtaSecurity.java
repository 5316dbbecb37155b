package dev.ferrum.hardware.generic.erase;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A drive's ATA security state as {@code hdparm -I} prints it in its "Security:" section:
 * whether the feature set is supported, a password is set ({@code enabled}), the drive is locked
 * or frozen (no security command accepted until power cycle), and whether enhanced erase exists,
 * with the drive's own time estimates.
 */
public record AtaSecurity(
        boolean supported,
        boolean enabled,
        boolean locked,
        boolean frozen,
        boolean countExpired,
        boolean enhancedEraseSupported,
        Optional<Duration> eraseTime,
        Optional<Duration> enhancedEraseTime) {

    /** What a device without a Security section (not ATA, or behind a bridge that hides it) reports. */
    public static final AtaSecurity ABSENT = new AtaSecurity(false, false, false, false, false, false,
            Optional.empty(), Optional.empty());

    private static final Pattern ERASE_TIME = Pattern.compile("(\\d+)min for SECURITY ERASE UNIT");
    private static final Pattern ENHANCED_TIME = Pattern.compile("(\\d+)min for ENHANCED SECURITY ERASE UNIT");

    public AtaSecurity {
        eraseTime = Objects.requireNonNullElse(eraseTime, Optional.empty());
        enhancedEraseTime = Objects.requireNonNullElse(enhancedEraseTime, Optional.empty());
    }

    /** Parses the full output of {@code hdparm -I <device>}. */
    public static AtaSecurity parseHdparm(String output) {
        List<String> lines = securityLines(output);
        if (lines.isEmpty()) {
            return ABSENT;
        }
        String joined = String.join("\n", lines);
        return new AtaSecurity(
                lines.contains("supported"),
                lines.contains("enabled"),
                lines.contains("locked"),
                lines.contains("frozen"),
                lines.contains("expired: security count"),
                lines.contains("supported: enhanced erase"),
                minutes(ERASE_TIME, joined),
                minutes(ENHANCED_TIME, joined));
    }

    // The section is the "Security:" line and the tab-indented lines after it; hdparm prints
    // negations as "not<TAB>enabled", so tabs become single spaces before comparing.
    private static List<String> securityLines(String output) {
        List<String> result = new ArrayList<>();
        boolean inSection = false;
        for (String line : output.split("\r?\n")) {
            if (!inSection) {
                inSection = line.strip().equals("Security:");
                continue;
            }
            if (!line.startsWith("\t")) {
                break;
            }
            String normal = line.replace('\t', ' ').strip().replaceAll(" +", " ");
            if (!normal.isEmpty()) {
                result.add(normal);
            }
        }
        return result;
    }

    private static Optional<Duration> minutes(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(Duration.ofMinutes(Long.parseLong(matcher.group(1)))) : Optional.empty();
    }
}
