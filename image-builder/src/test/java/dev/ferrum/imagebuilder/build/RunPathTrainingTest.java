package dev.ferrum.imagebuilder.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import dev.ferrum.imagebuilder.java.ClassCacheMode;
import dev.ferrum.imagebuilder.java.JlinkOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class cache is trained on the agent's boot path: a real JVM runs a stand-in agent that, as
 * the real one, reads its kernel command line under {@code --root}, posts inspection data, looks
 * the node up and heartbeats, then runs until stopped. The build must stop it after that heartbeat
 * (not hang until the command's timeout) and archive the classes loaded on the way.
 */
@Tag("slow")
class RunPathTrainingTest {
    private static final String BOOT_PATH_AGENT = """
            package smoke;

            import java.net.HttpURLConnection;
            import java.net.URI;
            import java.nio.file.Files;
            import java.nio.file.Path;

            public class Main {
                public static void main(String[] args) throws Exception {
                    if (!args[0].equals("run") || !args[1].equals("--root")) {
                        throw new IllegalArgumentException("expected run --root DIR, got " + String.join(" ", args));
                    }
                    Path root = Path.of(args[2]);
                    String cmdline = Files.readString(root.resolve("proc/cmdline"));
                    String mac = Files.readString(root.resolve("sys/class/net/eth0/address")).strip();
                    call(word(cmdline, "ipa-inspection-callback-url"), "POST", 200);
                    String api = word(cmdline, "ipa-api-url");
                    call(api + "/", "GET", 200);
                    call(api + "/v1/lookup?addresses=" + mac, "GET", 200);
                    AfterLookup.heartbeat(api);
                    while (true) {
                        Thread.sleep(1000);
                    }
                }

                static String word(String cmdline, String name) {
                    for (String word : cmdline.strip().split(" ")) {
                        if (word.startsWith(name + "=")) {
                            return word.substring(name.length() + 1);
                        }
                    }
                    throw new IllegalStateException("no " + name + " in " + cmdline);
                }

                static void call(String url, String method, int expected) throws Exception {
                    HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
                    connection.setRequestMethod(method);
                    if (method.equals("POST")) {
                        connection.setDoOutput(true);
                        connection.getOutputStream().write("{}".getBytes());
                    }
                    if (connection.getResponseCode() != expected) {
                        throw new IllegalStateException(method + " " + url + " answered " + connection.getResponseCode());
                    }
                    connection.getInputStream().readAllBytes();
                }
            }

            class AfterLookup {
                static void heartbeat(String api) throws Exception {
                    Main.call(api + "/v1/heartbeat/00000000-0000-4000-8000-00000000ca11", "POST", 202);
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void theTrainingRunIsStoppedAfterItsFirstHeartbeatWithTheBootPathArchived() throws IOException {
        CommandRunner real = new ProcessCommandRunner(List.of(Path.of("/usr/bin"), Path.of("/bin")));
        assumeTrue(real.isAvailable("strip"), "skipped: strip (binutils) is not installed");
        TinyAgent.write(dir.resolve("agent"), BOOT_PATH_AGENT);
        AgentInput agent = new AgentInput(dir.resolve("agent"), "ferrum-agent.jar", List.of(), List.of("run"),
                AgentInput.DEFAULT_TRAINING_ARGUMENTS);
        JavaSettings settings = new JavaSettings(Path.of(System.getProperty("java.home")), 21, JlinkOptions.defaults(),
                ClassCacheMode.APPCDS, JavaSettings.DEFAULT_JVM_FLAGS);

        StagedJava staged = new JavaStage(real).stage(agent, settings, dir.resolve("work"), dir.resolve("cache"),
                BuildConfig.DEFAULT_MTIME);

        // 0, not SIGTERM's 143: the run was stopped by the build after its heartbeat, as intended.
        assertThat(staged.classCache()).hasValueSatisfying(cache -> assertThat(cache.trainingExitCode()).isZero());
        assertThat(staged.root().resolve("opt/ferrum/agent/ferrum-agent.jsa")).isRegularFile();
        String classes = Files.readString(dir.resolve("work/canonical.classlist"));
        assertThat(classes).contains("\nsmoke/Main id:", "\nsmoke/AfterLookup id:", "\nsun/net/www/protocol/http/HttpURLConnection id:");
    }
}
