package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import dev.ferrum.conductor.api.ApiAuth;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The http_basic flags: both files together, readable, every line meaningful; else a flag error naming the line. */
class ConductorAuthFlagsTest {

    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand().spec()).setErr(new PrintWriter(err));
        assertThat(command.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        return err.toString();
    }

    private static String hash() {
        return BCrypt.with(BCrypt.Version.VERSION_2Y).hashToString(4, "pw".toCharArray());
    }

    @Test
    void htpasswdAndRolesGiveHttpBasic(@TempDir Path temp) throws Exception {
        Path users = Files.writeString(temp.resolve("htpasswd"), "admin:" + hash() + "\n");
        Path roles = Files.writeString(temp.resolve("roles"), "admin system admin\n");
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--auth-htpasswd", users.toString(), "--auth-roles", roles.toString());
        assertThat(command.settings().auth()).isInstanceOf(ApiAuth.HttpBasic.class);
        assertThat(command.settings().auth().challenge()).isEqualTo("Basic realm=\"Baremetal API\"");
    }

    @Test
    void theFilesGoTogetherAndExcludeTheOtherModes(@TempDir Path temp) throws Exception {
        Path users = Files.writeString(temp.resolve("htpasswd"), "admin:" + hash() + "\n");
        Path roles = Files.writeString(temp.resolve("roles"), "admin system admin\n");
        assertThat(refused("--auth-htpasswd", users.toString())).contains("--auth-htpasswd and --auth-roles go together");
        assertThat(refused("--auth-roles", roles.toString())).contains("--auth-htpasswd and --auth-roles go together");
        assertThat(refused("--noauth", "--auth-htpasswd", users.toString(), "--auth-roles", roles.toString()))
                .contains("choose one of --noauth, --auth-token and --auth-htpasswd");
        assertThat(refused("--auth-token", "t", "--auth-htpasswd", users.toString(), "--auth-roles",
                roles.toString())).contains("choose one of");
        assertThat(refused()).contains("--auth-htpasswd FILE with --auth-roles FILE");
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path temp) throws Exception {
        Path roles = Files.writeString(temp.resolve("roles"), "admin system admin\n");
        Path missing = temp.resolve("nope");
        assertThat(refused("--auth-htpasswd", missing.toString(), "--auth-roles", roles.toString()))
                .contains(missing.toString()).contains("does not exist");
    }

    @Test
    void aBadLineIsNamedByFileAndNumber(@TempDir Path temp) throws Exception {
        Path users = Files.writeString(temp.resolve("htpasswd"), "# ok\nadmin:" + hash() + "\nold:{SHA}abc=\n");
        Path roles = Files.writeString(temp.resolve("roles"), "admin system admin\n");
        assertThat(refused("--auth-htpasswd", users.toString(), "--auth-roles", roles.toString()))
                .contains(users + " line 3").contains("htpasswd -B");
        Path good = Files.writeString(temp.resolve("good"), "admin:" + hash() + "\n");
        Files.writeString(roles, "admin system admin\nbob project\n");
        assertThat(refused("--auth-htpasswd", good.toString(), "--auth-roles", roles.toString()))
                .contains(roles + " line 2").contains("'USER project PROJECT-ID ROLE'");
        Files.writeString(roles, "admin system root\n");
        assertThat(refused("--auth-htpasswd", good.toString(), "--auth-roles", roles.toString()))
                .contains(roles + " line 1").contains("unknown role 'root'");
        Files.writeString(roles, "admin system admin\nadmin system reader\n");
        assertThat(refused("--auth-htpasswd", good.toString(), "--auth-roles", roles.toString()))
                .contains("appears twice");
    }
}
