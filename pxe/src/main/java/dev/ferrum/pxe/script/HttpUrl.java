package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/**
 * An absolute {@code http} or {@code https} URL that is safe to put, unquoted, into an iPXE
 * script, a pxelinux config, a kernel command line and a dnsmasq option: it has a host, no user
 * credentials, no fragment, and only RFC 3986 characters other than {@code $} and {@code '}.
 */
public record HttpUrl(String value) {
    /*
     * iPXE splits lines on whitespace with no quoting and expands every "${...}"; the kernel treats
     * '"' specially; dnsmasq splits on ','. Of those only ',' is legal in a URL and it is left to the
     * dnsmasq writer. So the rule is: RFC 3986 unreserved/reserved characters and '%', minus '$'
     * (setting expansion) and '\'' (a quote to every reader). '#' is refused because a fragment
     * never reaches an HTTP server, so one here is always a mistake.
     */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9\\-._~:/?\\[\\]@!&()*+,;=%]+");

    public HttpUrl {
        if (!SAFE.matcher(value).matches()) {
            throw new PxeException("URL '" + printable(value) + "' contains a character boot scripts cannot carry "
                    + "(whitespace, quotes, '$', '{', '}', '#', '\\' or non-ASCII); percent-encode it or rename the file");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new PxeException("URL '" + value + "' is malformed: " + e.getReason(), e);
        }
        // Lower case only: not every boot loader compares schemes case-insensitively.
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new PxeException("URL '" + value + "' must start with http:// or https:// (lower case): iPXE and the agent "
                    + "fetch boot files and call the conductor over HTTP(S) only");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new PxeException("URL '" + value + "' has no host; give the address the booting machine can reach");
        }
        if (uri.getRawUserInfo() != null) {
            throw new PxeException("URL '" + value.replace(uri.getRawUserInfo(), "***")
                    + "' carries credentials; boot scripts are served without authentication, so never put secrets in them");
        }
    }

    /** Parses and checks {@code text}; same as the constructor, named for readability at call sites. */
    public static HttpUrl of(String text) {
        return new HttpUrl(text);
    }

    /**
     * The URL of {@code relative} beneath this one, which is taken as a directory (a missing
     * trailing {@code /} is added first, so {@code http://h/boot} + {@code a.ipxe} is
     * {@code http://h/boot/a.ipxe}).
     */
    public HttpUrl resolve(String relative) {
        if (relative.startsWith("/") || relative.contains("://")) {
            throw new PxeException("'" + relative + "' must be a relative path below " + value);
        }
        String base = value.endsWith("/") ? value : value + "/";
        return new HttpUrl(base + relative);
    }

    @Override
    public String toString() {
        return value;
    }

    static String printable(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
