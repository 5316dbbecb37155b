package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import dev.ferrum.support.net.MacAddress;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * dnsmasq's {@code dhcp-hostsdir}, kept by Ferrum: the PXE filter of ironic-inspector's dnsmasq
 * driver, with the same file format. Each MAC has one file, named by the hyphenated MAC, holding
 * {@code aa:bb:cc:dd:ee:ff} (answer it) or {@code aa:bb:cc:dd:ee:ff,ignore}; the file
 * {@value #UNKNOWN_HOSTS_FILE} holds the wildcard record {@code *:*:*:*:*:*} (answer every MAC
 * without a file: discovery is running) or {@code *:*:*:*:*:*,ignore}.
 *
 * <p>Why it works, and the rules that follow from dnsmasq's behaviour:
 * <ul>
 *   <li>dnsmasq prefers an exact MAC record to any wildcard, so a node's {@code ignore} holds
 *   even while discovery admits unknown machines; a machine that matches no record at all is not
 *   "known" and the generated config's {@code dhcp-ignore=tag:!known} drops it (fail closed).</li>
 *   <li>dnsmasq notices new and replaced files by itself (inotify), without a signal. Every write
 *   here is atomic (temporary dot-file, which dnsmasq skips, then rename).</li>
 *   <li>dnsmasq only ever <em>adds</em> records on change: the newest record for a MAC wins, but
 *   superseded ones, and those of deleted files, stay in memory until SIGHUP. So access changes
 *   rewrite files rather than delete them; {@link #remove} and {@link #synchronize} delete and then
 *   send SIGHUP through the {@link ProcessSignaller}; {@link #compact} drops superseded records.</li>
 * </ul>
 * One writer per directory: the conductor owns it, as ironic-inspector does.
 */
public final class DhcpHostsDirectory {
    /** The file holding the wildcard record for MACs that have no file of their own. */
    public static final String UNKNOWN_HOSTS_FILE = "unknown-hosts";
    private static final String WILDCARD = "*:*:*:*:*:*";

    private final Path directory;
    private final ProcessSignaller signaller;

    public DhcpHostsDirectory(Path directory, ProcessSignaller signaller) {
        this.directory = directory;
        this.signaller = signaller;
    }

    /**
     * Why a dnsmasq that dropped root (Debian's runs as {@code dnsmasq}, upstream's default is {@code nobody}) could
     * not read this directory, if it could not: the directory or one of its parents lets other users neither
     * search it nor, for the directory itself, list it. dnsmasq then answers no machine and says little about it
     * (a checkout under a private home or a {@code mktemp -d} directory is the usual case). Empty when other users
     * can reach it, or where the file system keeps no POSIX permissions; a dnsmasq run as this directory's owner
     * or as root needs none of this, so the conductor only warns.
     */
    public Optional<String> unreachableByOtherUsers() {
        Path absolute = directory.toAbsolutePath().normalize();
        for (Path at = absolute; at != null; at = at.getParent()) {
            PosixFileAttributeView view = Files.getFileAttributeView(at, PosixFileAttributeView.class);
            if (view == null) {
                return Optional.empty();
            }
            Set<PosixFilePermission> permissions;
            try {
                permissions = view.readAttributes().permissions();
            } catch (IOException e) {
                return Optional.empty();
            }
            boolean searchable = permissions.contains(PosixFilePermission.OTHERS_EXECUTE);
            boolean listable = !at.equals(absolute) || permissions.contains(PosixFilePermission.OTHERS_READ);
            if (!searchable || !listable) {
                return Optional.of("dnsmasq, if it runs as an unprivileged user (dnsmasq or nobody), cannot read the"
                        + " DHCP hosts directory " + absolute + ": " + at + " has mode "
                        + PosixFilePermissions.toString(permissions) + ", which gives other"
                        + " users no " + (searchable ? "read" : "search (x)") + " permission. Keep the directory"
                        + " where that user can reach it (e.g. under /var/lib), make " + at + " o+"
                        + (searchable ? "r" : "x") + ", or run dnsmasq as this directory's owner.");
            }
        }
        return Optional.empty();
    }

    /** Lets dnsmasq answer {@code mac}; true if the file changed. */
    public synchronized boolean allow(MacAddress mac) {
        return AtomicFiles.writeIfChanged(fileOf(mac), record(mac.value(), HostAccess.ALLOW));
    }

    /** Makes dnsmasq ignore {@code mac}; true if the file changed. */
    public synchronized boolean deny(MacAddress mac) {
        return AtomicFiles.writeIfChanged(fileOf(mac), record(mac.value(), HostAccess.DENY));
    }

    /** Sets {@code mac}'s access; true if the file changed. */
    public boolean set(MacAddress mac, HostAccess access) {
        return access == HostAccess.ALLOW ? allow(mac) : deny(mac);
    }

    /**
     * Sets the access of MACs without a file of their own: {@link HostAccess#ALLOW} while an
     * inspection with discovery runs, {@link HostAccess#DENY} otherwise; true if the file changed.
     */
    public synchronized boolean setUnknownHosts(HostAccess access) {
        return AtomicFiles.writeIfChanged(directory.resolve(UNKNOWN_HOSTS_FILE), record(WILDCARD, access));
    }

    /**
     * Forgets {@code mac} (its port was deleted): deletes its file and sends SIGHUP, without which
     * dnsmasq would keep applying the deleted record. The MAC is then treated as unknown.
     */
    public synchronized void remove(MacAddress mac) {
        if (delete(fileOf(mac))) {
            signaller.hangUp();
        }
    }

    /**
     * Makes the directory hold exactly {@code hosts} and {@code unknownHosts}: writes what differs,
     * deletes files of MACs not in {@code hosts}, and sends one SIGHUP if anything was deleted.
     * Meant for start-up (before dnsmasq starts, so it begins from the right state) and periodic
     * reconciliation against the node store.
     */
    public synchronized SyncReport synchronize(Map<MacAddress, HostAccess> hosts, HostAccess unknownHosts) {
        int written = 0;
        for (Map.Entry<MacAddress, HostAccess> entry : hosts.entrySet()) {
            if (AtomicFiles.writeIfChanged(fileOf(entry.getKey()), record(entry.getKey().value(), entry.getValue()))) {
                written++;
            }
        }
        if (setUnknownHosts(unknownHosts)) {
            written++;
        }
        int removed = 0;
        for (MacAddress present : read().hosts().keySet()) {
            if (!hosts.containsKey(present) && delete(fileOf(present))) {
                removed++;
            }
        }
        if (removed > 0) {
            signaller.hangUp();
        }
        return new SyncReport(written, removed, removed > 0);
    }

    /**
     * Sends SIGHUP so dnsmasq re-reads the directory from scratch and drops the records that
     * rewritten files superseded; harmless at any time, worth doing now and then (e.g. hourly).
     */
    public void compact() {
        signaller.hangUp();
    }

    /** What the directory holds now; files this class did not write are left out. */
    public synchronized HostsSnapshot read() {
        Map<MacAddress, HostAccess> hosts = new HashMap<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                Optional<MacAddress> mac = name.indexOf('-') > 0 ? MacAddress.parse(name) : Optional.empty();
                mac.flatMap(m -> accessIn(file, m.value())).ifPresent(access -> hosts.put(mac.get(), access));
            }
        } catch (IOException e) {
            throw new PxeException("cannot list dnsmasq hosts directory " + directory + ": " + e.getMessage()
                    + "; create it and make it writable for the conductor", e);
        }
        return new HostsSnapshot(hosts, accessIn(directory.resolve(UNKNOWN_HOSTS_FILE), WILDCARD));
    }

    private Path fileOf(MacAddress mac) {
        return directory.resolve(mac.hyphenated());
    }

    private static String record(String hardwareAddress, HostAccess access) {
        return access == HostAccess.ALLOW ? hardwareAddress + "\n" : hardwareAddress + ",ignore\n";
    }

    private static Optional<HostAccess> accessIn(Path file, String hardwareAddress) {
        Optional<String> text = AtomicFiles.read(file);
        Map<HostAccess, String> expected = new EnumMap<>(HostAccess.class);
        for (HostAccess access : HostAccess.values()) {
            expected.put(access, record(hardwareAddress, access));
        }
        return text.flatMap(t -> expected.entrySet().stream().filter(e -> e.getValue().equals(t)).map(Map.Entry::getKey).findFirst());
    }

    private static boolean delete(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new PxeException("cannot delete " + file + ": " + e.getMessage(), e);
        }
    }
}
