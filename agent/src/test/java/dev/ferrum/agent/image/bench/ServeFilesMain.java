package dev.ferrum.agent.image.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * The benchmark's image server: serves a directory on loopback with {@link FileHttpServer}, prints
 * {@code port=N}, and runs until killed, so Ferrum and curl download the same files from the same
 * server. {@code java -cp CP dev.ferrum.agent.image.bench.ServeFilesMain DIR}
 */
public final class ServeFilesMain {
    private ServeFilesMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: ServeFilesMain DIR");
        }
        FileHttpServer server = new FileHttpServer(Path.of(args[0]));
        System.out.println("port=" + server.port());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
