package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * Bench (bench/node-pages.sh; method there): a fleet of NODES nodes listed page by page through
 * {@code GET /v1/nodes/detail?limit=PAGE&marker=...}, printing after each page the heap in use once a GC ran,
 * so a listing whose memory grew with the fleet (not with the page) shows as a rising column. Asserts nothing.
 */
public final class NodePagesBench {
    private NodePagesBench() {
    }

    public static void main(String[] args) throws Exception {
        int nodes = Integer.parseInt(args.length > 0 ? args[0] : "100000");
        int page = Integer.parseInt(args.length > 1 ? args[1] : "1000");
        Path temp = Files.createTempDirectory("node-pages");
        try (ApiFixture api = ApiFixture.withToken(temp)) {
            long seedStart = System.nanoTime();
            String template = api.createNode("template");
            clone(temp.resolve("data").resolve("ferrum.db"), template, nodes - 1);
            System.out.printf(Locale.ROOT, "seeded %,d nodes in %.1f s (one through the API, the rest copies of its row)%n",
                    nodes, (System.nanoTime() - seedStart) / 1e9);
            System.out.println("page | nodes so far | body bytes | page ms | used heap after GC (MiB)");
            String path = "/v1/nodes/detail?limit=" + page;
            int seen = 0;
            for (int n = 1; ; n++) {
                long start = System.nanoTime();
                ApiFixture.Reply reply = api.get(path);
                double millis = (System.nanoTime() - start) / 1e6;
                if (reply.status() != 200) {
                    throw new IllegalStateException("page " + n + " answered " + reply.status() + ": " + reply.raw());
                }
                JsonNode listed = reply.body().path("nodes");
                seen += listed.size();
                int bodyBytes = reply.raw().length();
                String next = reply.body().path("next").asText("");
                if (n == 1 || n % 10 == 0 || seen >= nodes) {
                    System.out.printf(Locale.ROOT, "%d | %,d | %,d | %.1f | %.1f%n", n, seen, bodyBytes, millis,
                            usedHeapMiB());
                }
                if (seen >= nodes || next.isEmpty()) {
                    break;
                }
                path = next.substring(next.indexOf("/v1/"));
            }
            System.out.printf(Locale.ROOT, "listed %,d of %,d nodes; max heap %.0f MiB%n", seen, nodes,
                    Runtime.getRuntime().maxMemory() / 1048576.0);
        }
    }

    /** {@code copies} more rows like the template's, each with its own uuid and name, in one transaction. */
    private static void clone(Path database, String template, int copies) throws SQLException {
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + database)) {
            db.setAutoCommit(false);
            try (Statement ddl = db.createStatement()) {
                ddl.execute("CREATE TEMP TABLE template AS SELECT * FROM nodes WHERE uuid = '" + template + "'");
            }
            try (PreparedStatement rename = db.prepareStatement("UPDATE template SET uuid = ?, name = ?");
                 PreparedStatement insert = db.prepareStatement("INSERT INTO nodes SELECT * FROM template")) {
                for (int i = 0; i < copies; i++) {
                    rename.setString(1, String.format(Locale.ROOT, "00000000-0000-4000-8000-%012x", i));
                    rename.setString(2, "page-node-" + i);
                    rename.executeUpdate();
                    insert.executeUpdate();
                }
            }
            db.commit();
        }
    }

    private static double usedHeapMiB() {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        return (runtime.totalMemory() - runtime.freeMemory()) / 1048576.0;
    }
}
