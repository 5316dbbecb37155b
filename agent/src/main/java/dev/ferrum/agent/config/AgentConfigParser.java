package dev.ferrum.agent.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Builds {@link AgentConfig} from kernel parameters with IPA's names and defaults, with flag
 * overrides on top. Every malformed value fails with a message naming the parameter, the value and
 * what is expected; nothing is silently replaced by a default.
 */
public final class AgentConfigParser {
    private static final Pattern BOOTIF = Pattern.compile("(?:[0-9a-fA-F]{2}-)?((?:[0-9a-fA-F]{2}-){5}[0-9a-fA-F]{2})");
    private static final Pattern REQUEST_ID = Pattern.compile("req-[0-9a-fA-F-]{36}");
    private static final List<String> DEFAULT_COLLECTORS = List.of("default", "logs");

    private AgentConfigParser() {
    }

    /**
     * Reads the configuration.
     *
     * @param kernel the kernel command line
     * @param overrides parameters given as flags, by the same names; they win over the kernel's
     */
    public static AgentConfig parse(KernelCommandLine kernel, Map<String, String> overrides) {
        Map<String, String> params = new HashMap<>(kernel.asMap());
        params.putAll(overrides);
        Parameters p = new Parameters(params);
        return new AgentConfig(
                p.urls("ipa-api-url"),
                p.text("ipa-inspection-callback-url").map(v -> url("ipa-inspection-callback-url", v)),
                p.text("ipa-inspection-collectors").map(AgentConfigParser::list).orElse(DEFAULT_COLLECTORS),
                p.seconds("ipa-inspection-dhcp-wait-timeout", 60),
                p.text("ipa-listen-host").orElse("::"),
                p.listenPort("ipa-listen-port", 9999),
                p.text("ipa-advertise-host"),
                p.port("ipa-advertise-port", 9999),
                p.choice("ipa-advertise-protocol", "http", List.of("http", "https")),
                p.seconds("ipa-lookup-timeout", 600),
                p.seconds("ipa-lookup-interval", 1),
                p.text("BOOTIF").map(AgentConfigParser::bootInterface),
                p.text("ipa-global-request-id").map(AgentConfigParser::requestId),
                new TlsSettings(p.bool("ipa-insecure", false), p.path("ipa-cafile"), p.path("ipa-certfile"),
                        p.path("ipa-keyfile")),
                p.bool("ipa-standalone", false),
                p.seconds("ipa-hardware-initialization-delay", 0),
                p.text("ipa-agent-token"),
                p.bool("ipa-collect-lldp", false),
                new ImageDownloadSettings(
                        p.positiveSeconds("ipa-image-download-connection-timeout", 60),
                        p.count("ipa-image-download-connection-retries", 9),
                        p.seconds("ipa-image-download-connection-retry-interval", 10)),
                p.text("ipa-ntp-server"),
                p.text("ipa-driver-name").orElse("agent_ipmitool"),
                p.bool("ipa-enable-auto-tls", true));
    }

    private static URI url(String name, String value) {
        if ("mdns".equals(value)) {
            throw new ConfigException(name + "=mdns (multicast DNS discovery) is not supported by Ferrum; "
                    + "give the URL, e.g. " + name + "=http://192.0.2.1:6385");
        }
        try {
            URI uri = new URI(value);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw new ConfigException(name + ": '" + value + "' is not an http:// or https:// URL with a host");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new ConfigException(name + ": '" + value + "' is not a valid URL (" + e.getReason() + ")");
        }
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static String bootInterface(String value) {
        var match = BOOTIF.matcher(value.strip());
        if (!match.matches()) {
            throw new ConfigException("BOOTIF: '" + value + "' is not a MAC address in PXE form (01-aa-bb-cc-dd-ee-ff)");
        }
        return match.group(1).replace('-', ':').toLowerCase(Locale.ROOT);
    }

    private static String requestId(String value) {
        if (!REQUEST_ID.matcher(value).matches()) {
            throw new ConfigException("ipa-global-request-id: '" + value + "' must look like req-<uuid>");
        }
        return value;
    }

    /** Typed access to raw parameters, each failing with the parameter's name. */
    private record Parameters(Map<String, String> raw) {

        Optional<String> text(String name) {
            return Optional.ofNullable(raw.get(name)).map(String::strip).filter(v -> !v.isEmpty());
        }

        Optional<Path> path(String name) {
            return text(name).map(v -> {
                try {
                    return Path.of(v);
                } catch (InvalidPathException e) {
                    throw new ConfigException(name + ": '" + v + "' is not a file path (" + e.getReason() + ")");
                }
            });
        }

        List<URI> urls(String name) {
            List<URI> urls = new ArrayList<>();
            text(name).ifPresent(v -> list(v).forEach(u -> urls.add(url(name, u))));
            return urls;
        }

        boolean bool(String name, boolean fallback) {
            if (!raw.containsKey(name)) {
                return fallback;
            }
            // A bare flag ("ipa-insecure" with no value) means true.
            String value = raw.get(name).strip().toLowerCase(Locale.ROOT);
            return switch (value) {
                case "", "1", "true", "yes", "on" -> true;
                case "0", "false", "no", "off" -> false;
                default -> throw new ConfigException(name + ": '" + raw.get(name) + "' is not a boolean (use 1/0, true/false)");
            };
        }

        int port(String name, int fallback) {
            return text(name).map(v -> {
                int port = integer(name, v);
                if (port < 1 || port > 65535) {
                    throw new ConfigException(name + ": " + v + " is not a port number (1-65535)");
                }
                return port;
            }).orElse(fallback);
        }

        /** Like {@link #port} but 0 is allowed: "any free port", used by in-process fleets and tests. */
        int listenPort(String name, int fallback) {
            if (text(name).filter("0"::equals).isPresent()) {
                return 0;
            }
            return port(name, fallback);
        }

        int count(String name, int fallback) {
            return text(name).map(v -> {
                int count = integer(name, v);
                if (count < 0) {
                    throw new ConfigException(name + ": " + v + " must not be negative");
                }
                return count;
            }).orElse(fallback);
        }

        Duration seconds(String name, long fallback) {
            return text(name).map(v -> {
                long seconds = integer(name, v);
                if (seconds < 0) {
                    throw new ConfigException(name + ": " + v + " seconds must not be negative");
                }
                return Duration.ofSeconds(seconds);
            }).orElse(Duration.ofSeconds(fallback));
        }

        Duration positiveSeconds(String name, long fallback) {
            Duration value = seconds(name, fallback);
            if (value.isZero()) {
                throw new ConfigException(name + ": must be at least 1 second");
            }
            return value;
        }

        String choice(String name, String fallback, List<String> allowed) {
            return text(name).map(v -> {
                if (!allowed.contains(v)) {
                    throw new ConfigException(name + ": '" + v + "' is not one of " + allowed);
                }
                return v;
            }).orElse(fallback);
        }

        private static int integer(String name, String value) {
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new ConfigException(name + ": '" + value + "' is not a whole number");
            }
        }
    }
}
