package dev.ferrum.pxe.http;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.ConsoleText;
import dev.ferrum.pxe.script.IpxeScriptRenderer;
import dev.ferrum.support.net.MacAddress;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The HTTP side of network boot, as a Helidon {@link HttpService} the conductor mounts (by
 * default at {@value #DEFAULT_PATH}, see {@link #mount}). Below its mount point it serves:
 * <ul>
 *   <li>{@code default.ipxe}: the script DHCP hands to every iPXE client; it chainloads
 *   {@code <mac>.ipxe} for the NIC that booted;</li>
 *   <li>{@code <mac>.ipxe} ({@code aa-bb-…} or {@code aa:bb:…}): the node's script from the
 *   {@link BootScriptSource}; for an unknown MAC the discovery (inspection) script while discovery
 *   runs, otherwise a script that says so and exits to the next boot device;</li>
 *   <li>{@code files/<path>}: kernels and initramfs archives from the configured directory, with
 *   HEAD and byte ranges.</li>
 * </ul>
 */
public final class BootFileService implements HttpService {
    /** Where the conductor normally mounts the service, and what {@link BootHttpConfig#publicUrl()} ends with. */
    public static final String DEFAULT_PATH = "/boot";
    /** The sub-path under which boot files are served. */
    public static final String FILES = "files";

    private static final System.Logger LOG = System.getLogger(BootFileService.class.getName());
    private static final String SCRIPT_SUFFIX = ".ipxe";

    private final BootHttpConfig config;
    private final BootScriptSource source;
    private final BootFiles files;
    private final IpxeScriptRenderer renderer = new IpxeScriptRenderer();

    public BootFileService(BootHttpConfig config, BootScriptSource source) {
        this.config = config;
        this.source = source;
        this.files = new BootFiles(config.filesDirectory());
    }

    /** Registers this service at {@value #DEFAULT_PATH} on {@code routing}. */
    public HttpRouting.Builder mount(HttpRouting.Builder routing) {
        return routing.register(DEFAULT_PATH, this);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/" + FILES + "/{+path}", this::file)
                .head("/" + FILES + "/{+path}", this::file)
                .get("/{script}", this::script);
    }

    private void script(ServerRequest request, ServerResponse response) {
        String name = request.path().pathParameters().get("script");
        if (!name.endsWith(SCRIPT_SUFFIX)) {
            notFound(response, "no such boot script: " + name);
            return;
        }
        String stem = name.substring(0, name.length() - SCRIPT_SUFFIX.length());
        BootScript script;
        if (stem.equals("default")) {
            script = new BootScript.ChainByMac(config.publicUrl(), config.chainRetry());
        } else {
            Optional<MacAddress> mac = MacAddress.parse(stem);
            if (mac.isEmpty()) {
                notFound(response, "'" + stem + "' is neither 'default' nor a MAC address");
                return;
            }
            script = scriptFor(mac.get());
        }
        respond(response, () -> {
            String text = renderer.render(script);
            response.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
            // Scripts change with the node's state; a cached one would boot the wrong thing.
            response.header(HeaderNames.CACHE_CONTROL, "no-store");
            response.send(text);
        });
    }

    private BootScript scriptFor(MacAddress mac) {
        Optional<BootScript> known = source.scriptFor(mac);
        if (known.isPresent()) {
            return known.get();
        }
        Optional<BootScript.AgentBoot> discovery = source.discovery();
        if (discovery.isPresent()) {
            LOG.log(Level.INFO, "mac={0} belongs to no node; discovery is on, sending the inspection ramdisk", mac);
            return discovery.get();
        }
        LOG.log(Level.INFO, "mac={0} belongs to no node and discovery is off; sending it to its next boot device", mac);
        return new BootScript.NextDevice(new ConsoleText("no node has MAC " + mac
                + " and discovery is off, so this machine boots its next device. Enroll a port with this MAC or start discovery."),
                config.unknownMachinePause());
    }

    private void file(ServerRequest request, ServerResponse response) {
        String path = request.path().pathParameters().get("path");
        Optional<Path> file = files.resolve(path);
        if (file.isEmpty()) {
            notFound(response, "no such boot file: " + path);
            return;
        }
        long started = System.nanoTime();
        respond(response, () -> files.send(request, response, file.get()));
        // One line per kernel or ramdisk a machine fetched: where a slow network boot spends its time.
        LOG.log(Level.INFO, () -> "boot file " + path + " sent: " + response.bytesWritten() + " bytes in "
                + (System.nanoTime() - started) / 1_000_000 + " ms");
    }

    // The one place this service maps its errors to HTTP; each is logged once, here.
    private static void respond(ServerResponse response, Runnable action) {
        try {
            action.run();
        } catch (PxeException e) {
            if (response.isSent() || response.bytesWritten() > 0) {
                // Headers are gone already: nothing to tell the client, and usually its doing.
                LOG.log(Level.WARNING, e.getMessage());
                return;
            }
            LOG.log(Level.ERROR, "boot request failed: " + e.getMessage(), e);
            response.status(Status.INTERNAL_SERVER_ERROR_500).send(e.getMessage() + "\n");
        }
    }

    private static void notFound(ServerResponse response, String message) {
        response.status(Status.NOT_FOUND_404).header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8").send(message + "\n");
    }
}
