package dev.ferrum.pxe.http;

import io.helidon.webserver.WebServer;

/** Starts a real server for one test: loopback only, a free port. */
final class BootServers {
    private BootServers() {
    }

    static WebServer start(BootFileService service) {
        return WebServer.builder()
                .host("127.0.0.1")
                .port(0)
                .routing(routing -> service.mount(routing))
                .build()
                .start();
    }
}
