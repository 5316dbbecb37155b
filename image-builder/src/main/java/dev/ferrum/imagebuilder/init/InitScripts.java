package dev.ferrum.imagebuilder.init;

import dev.ferrum.imagebuilder.ImageBuildException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Renders {@code /init}, the udhcpc hook and the agent launcher from the templates next to this class. Placeholders are
 * {@code @NAME@}; an unknown or unreplaced one fails, so a template change cannot ship half-done.
 */
public final class InitScripts {
    private static final Pattern PLACEHOLDER = Pattern.compile("@([A-Z_]+)@");
    private static final Pattern SAFE_WORD = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** The text of {@code /init} for {@code config}. */
    public String init(InitConfig config) {
        return render("init.sh.template", Map.of(
                "AGENT_COMMAND", config.agentCommand().stream().map(InitScripts::quote).collect(Collectors.joining(" ")),
                "ON_EXIT", config.onExit().word(),
                "EXIT_DELAY", Long.toString(config.exitDelay().toSeconds()),
                "DHCP_TIMEOUT", Long.toString(config.dhcpTimeout().toSeconds()),
                "PLUGIN_DIR", quote(config.pluginDirectory()),
                "MODULES_LOAD", quote(config.modulesLoadFile())));
    }

    /**
     * The text of the launcher ({@code /usr/bin/ferrum-agent}): {@code javaCommand} (java, flags,
     * {@code -jar} and the jar) followed by the caller's arguments.
     */
    public String launcher(List<String> javaCommand) {
        return render("ferrum-agent.sh.template",
                Map.of("JAVA_COMMAND", javaCommand.stream().map(InitScripts::quote).collect(Collectors.joining(" "))));
    }

    /** The text of the udhcpc hook ({@code /etc/ferrum/udhcpc.sh}). */
    public String udhcpcHook() {
        return render("udhcpc.sh.template", Map.of());
    }

    /** Quotes a word for sh when it holds anything but plainly safe characters. */
    static String quote(String word) {
        if (SAFE_WORD.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static String render(String template, Map<String, String> values) {
        String text = load(template);
        Matcher matcher = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new ImageBuildException("template " + template + " uses @" + matcher.group(1) + "@, which the builder does not provide");
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static String load(String template) {
        try (InputStream in = InitScripts.class.getResourceAsStream(template)) {
            if (in == null) {
                throw new ImageBuildException("template " + template + " is missing from the builder's jar; rebuild it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ImageBuildException("cannot read template " + template + ": " + e.getMessage(), e);
        }
    }
}
