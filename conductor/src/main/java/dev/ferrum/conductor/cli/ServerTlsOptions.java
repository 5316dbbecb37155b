package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.CommandOptions.optional;
import static dev.ferrum.conductor.cli.CommandOptions.valued;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The command line of the conductor's HTTPS: its certificate and key, and the plain-HTTP boot port beside them. */
final class ServerTlsOptions {
    private final CommandSpec spec;

    /** Declares these options on the conductor's command. */
    ServerTlsOptions(CommandSpec spec) {
        this.spec = spec;
        spec.addOption(valued("--tls-cert", "PEM", Path.class, "Serve the API, boot files and inspection callback over"
                + " HTTPS with this PEM certificate chain (leaf first); re-read when it changes. Needs --tls-key.")
                .build());
        spec.addOption(valued("--tls-key", "PEM", Path.class, "The PEM private key of --tls-cert.").build());
        spec.addOption(valued("--boot-http-port", "PORT", Integer.class, "With --tls-cert: also serve the boot files"
                + " (iPXE scripts, kernels, ramdisks) read-only over plain HTTP on this port, and name it in boot"
                + " scripts, for boot firmware that cannot check the conductor's certificate (stock iPXE and PXE"
                + " ROMs). The API stays HTTPS only.").build());
    }

    /** The certificate and key to serve HTTPS with, checked now so a wrong file stops the start with a flag error. */
    Optional<ServerTlsFiles> files() {
        Optional<Path> tlsCert = optional(spec, "--tls-cert");
        Optional<Path> tlsKey = optional(spec, "--tls-key");
        if (tlsCert.isPresent() != tlsKey.isPresent()) {
            throw new ParameterException(spec.commandLine(), "--tls-cert and --tls-key go together: give both the"
                    + " certificate chain and its private key");
        }
        Optional<ServerTlsFiles> tls = tlsCert.map(cert -> new ServerTlsFiles(cert.toAbsolutePath().normalize(),
                tlsKey.get().toAbsolutePath().normalize()));
        tls.ifPresent(files -> {
            // Checked here so a wrong file stops the start with a flag error, not a failed handshake later.
            try {
                files.load();
            } catch (ConductorStartException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        });
        return tls;
    }

    /** The plain-HTTP boot port beside HTTPS on {@code apiPort}, if asked for and allowed. */
    Optional<Integer> plainBootPort(int apiPort) {
        boolean https = optional(spec, "--tls-cert").isPresent();
        Optional<Integer> bootHttpPort = optional(spec, "--boot-http-port");
        if (bootHttpPort.isEmpty()) {
            return Optional.empty();
        }
        int bootPort = bootHttpPort.get();
        if (!https) {
            throw new ParameterException(spec.commandLine(), "--boot-http-port goes with --tls-cert/--tls-key: without"
                    + " them the boot files are already plain HTTP on --port");
        }
        if (bootPort < 1 || bootPort > 65535 || bootPort == apiPort) {
            throw new ParameterException(spec.commandLine(), "--boot-http-port must be a port from 1 to 65535 other"
                    + " than --port, got " + bootPort);
        }
        return Optional.of(bootPort);
    }
}
