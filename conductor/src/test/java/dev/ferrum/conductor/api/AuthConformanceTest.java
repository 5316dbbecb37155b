package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.auth.UserDirectory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ironic's {@code http_basic} and default secure-RBAC personas through the real API: who is refused (401),
 * what each persona may read and change (403 with Ironic's policy message), what a project cannot see (404,
 * filtered lists), and what a lessee is shown.
 */
class AuthConformanceTest {
    private static final String PASSWORD = "correct horse";
    private static final String OWNER = "proj-owner";
    private static final String LESSEE = "proj-lessee";
    private static final String STRANGER = "proj-stranger";

    @TempDir
    Path temp;
    private ApiFixture api;
    private Path roles;
    private String leased;
    private String foreign;

    @BeforeEach
    void start() throws Exception {
        StringBuilder htpasswd = new StringBuilder("# users of the test\n");
        for (String user : List.of("sysadmin", "sysmember", "sysreader", "ownadmin", "ownmember", "ownreader",
                "lessadmin", "lessmember", "stranger", "norole", "late")) {
            // Cost 4 keeps the test fast; $2y$ is what htpasswd -B writes.
            htpasswd.append(user).append(':').append(BCrypt.with(BCrypt.Version.VERSION_2Y)
                    .hashToString(4, PASSWORD.toCharArray())).append('\n');
        }
        Path users = Files.writeString(temp.resolve("htpasswd"), htpasswd);
        roles = Files.writeString(temp.resolve("roles"), String.join("\n",
                "# user scope [project] role",
                "sysadmin system admin",
                "sysmember system member",
                "sysreader system reader",
                "ownadmin project " + OWNER + " admin",
                "ownmember project " + OWNER + " member",
                "ownreader project " + OWNER + " reader",
                "lessadmin project " + LESSEE + " admin",
                "lessmember project " + LESSEE + " member",
                "stranger project " + STRANGER + " admin", ""));
        api = new ApiFixture(temp, new ApiAuth.HttpBasic(new UserDirectory(users, roles)));
        leased = create("leased", OWNER, LESSEE);
        foreign = create("foreign", STRANGER, "");
        create("unowned", "", "");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private String create(String name, String owner, String lessee) {
        String body = "{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\",\"driver_info\":{\"ipmi_address\":"
                + "\"10.0.0.9\",\"ipmi_password\":\"hunter2\"}" + (owner.isEmpty() ? "" : ",\"owner\":\"" + owner + "\"")
                + (lessee.isEmpty() ? "" : ",\"lessee\":\"" + lessee + "\"") + "}";
        ApiFixture.Reply reply = as("sysadmin", "POST", "/v1/nodes", body);
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        return reply.body().get("uuid").asText();
    }

    private ApiFixture.Reply as(String user, String method, String path, String body) {
        return asWith(user, PASSWORD, method, path, body);
    }

    private ApiFixture.Reply asWith(String user, String password, String method, String path, String body) {
        String basic = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        return api.sendAs(basic, method, path, body == null ? Optional.empty() : Optional.of(body));
    }

    private ApiFixture.Reply get(String user, String path) {
        return as(user, "GET", path, null);
    }

    private List<String> names(ApiFixture.Reply list) {
        assertThat(list.status()).as(list.raw()).isEqualTo(200);
        List<String> names = new ArrayList<>();
        list.body().get("nodes").forEach(n -> names.add(n.get("name").asText()));
        return names;
    }

    private void denied(ApiFixture.Reply reply, String policy) {
        assertThat(reply.status()).as(reply.raw()).isEqualTo(403);
        assertThat(api.faultOf(reply)).isEqualTo("Access was denied to the following resource: " + policy);
    }

    private void hidden(ApiFixture.Reply reply, String kind, String ident) {
        assertThat(reply.status()).as(reply.raw()).isEqualTo(404);
        assertThat(api.faultOf(reply)).isEqualTo(kind + " " + ident + " could not be found.");
    }

    /** Ironic's basic-auth middleware answers in its own shape, before the API. */
    private static void basicRefusal(ApiFixture.Reply reply, int status, String message) {
        assertThat(reply.status()).as(reply.raw()).isEqualTo(status);
        assertThat(reply.body().at("/error/message").asText()).isEqualTo(message);
        assertThat(reply.body().at("/error/code").asInt()).isEqualTo(status);
        if (status == 401) {
            assertThat(reply.header("WWW-Authenticate")).contains("Basic realm=\"Baremetal API\"");
        } else {
            assertThat(reply.header("WWW-Authenticate")).isEmpty();
        }
    }

    @Test
    void withoutValidCredentialsTheAnswerIsIronicsBasicAuthRefusal() {
        basicRefusal(api.send("GET", "/v1/nodes", Optional.empty(), Optional.of("latest"), Optional.empty()), 401,
                "Authorization required");
        basicRefusal(asWith("sysadmin", "wrong", "GET", "/v1/nodes", null), 401, "Incorrect username or password");
        basicRefusal(asWith("nobody", PASSWORD, "GET", "/v1/nodes", null), 401, "Incorrect username or password");
        // A static token means nothing in http_basic mode: no Authorization header at all.
        basicRefusal(api.send("GET", "/v1/nodes", Optional.empty(), "latest"), 401, "Authorization required");
        basicRefusal(api.sendAs("Bearer abc", "GET", "/v1/nodes", Optional.empty()), 400,
                "Unsupported authorization type \"Bearer\"");
        basicRefusal(api.sendAs("Basic not-base64!", "GET", "/v1/nodes", Optional.empty()), 400,
                "Could not decode authorization token");
        // The version document stays open, as in Ironic.
        assertThat(api.send("GET", "/v1", Optional.empty(), Optional.of("latest"), Optional.empty()).status())
                .isEqualTo(200);
    }

    @Test
    void aUserTheRolesFileDoesNotNameMayDoNothing() {
        denied(get("norole", "/v1/nodes"), "baremetal:node:list");
        denied(get("norole", "/v1/nodes/" + leased), "baremetal:node:get");
        denied(get("norole", "/v1/drivers"), "baremetal:driver:get");
    }

    @Test
    void theSystemReaderSeesEverythingAndChangesNothing() {
        assertThat(names(get("sysreader", "/v1/nodes"))).containsExactlyInAnyOrder("leased", "foreign", "unowned");
        assertThat(get("sysreader", "/v1/nodes/" + foreign).status()).isEqualTo(200);
        for (String path : List.of("/v1/chassis", "/v1/drivers", "/v1/conductors", "/v1/ports", "/v1/portgroups",
                "/v1/allocations", "/v1/deploy_templates", "/v1/shards", "/v1/nodes/" + leased + "/history",
                "/v1/volume/connectors")) {
            assertThat(get("sysreader", path).status()).as(path).isEqualTo(200);
        }
        denied(as("sysreader", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\"}"), "baremetal:node:create");
        denied(as("sysreader", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"add\",\"path\":\"/extra/x\",\"value\":\"y\"}]"), "baremetal:node:update_extra");
        denied(as("sysreader", "PUT", "/v1/nodes/" + leased + "/states/provision", "{\"target\":\"manage\"}"),
                "baremetal:node:set_provision_state");
        denied(as("sysreader", "DELETE", "/v1/nodes/" + leased, null), "baremetal:node:delete");
        denied(as("sysreader", "POST", "/v1/chassis", "{}"), "baremetal:chassis:create");
        denied(as("sysreader", "POST", "/v1/events", "{\"events\":[]}"), "baremetal:events:post");
        // A system caller is told it may not, not that the node is missing.
        assertThat(get("sysreader", "/v1/nodes/" + leased + "/management/boot_device").status()).isEqualTo(403);
    }

    @Test
    void aSystemMemberChangesNodesButDoesNotCreateThem() {
        assertThat(as("sysmember", "PATCH", "/v1/nodes/" + foreign,
                "[{\"op\":\"add\",\"path\":\"/driver_info/ipmi_username\",\"value\":\"root\"}]").status())
                .isEqualTo(200);
        denied(as("sysmember", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\"}"), "baremetal:node:create");
        denied(as("sysmember", "PATCH", "/v1/nodes/" + foreign,
                "[{\"op\":\"add\",\"path\":\"/shard\",\"value\":\"s1\"}]"), "baremetal:node:update:shard");
    }

    @Test
    void aProjectReaderSeesOnlyItsNodesAndChangesNothing() {
        assertThat(names(get("ownreader", "/v1/nodes"))).containsExactly("leased");
        assertThat(names(get("ownreader", "/v1/nodes/detail"))).containsExactly("leased");
        // Asking for another project's nodes is asking to list them all.
        denied(get("ownreader", "/v1/nodes?owner=" + STRANGER), "baremetal:node:list_all");
        hidden(get("ownreader", "/v1/nodes/" + foreign), "Node", foreign);
        hidden(get("ownreader", "/v1/nodes/foreign"), "Node", "foreign");
        hidden(as("ownreader", "PATCH", "/v1/nodes/" + foreign, "[]"), "Node", foreign);
        JsonNode node = get("ownreader", "/v1/nodes/" + leased).body();
        assertThat(node.at("/driver_info/ipmi_address").asText()).isEqualTo("10.0.0.9");
        assertThat(node.at("/driver_info/ipmi_password").asText()).isEqualTo("******");
        denied(as("ownreader", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"add\",\"path\":\"/description\",\"value\":\"x\"}]"), "baremetal:node:update");
        denied(as("ownreader", "PUT", "/v1/nodes/" + leased + "/states/power", "{\"target\":\"power on\"}"),
                "baremetal:node:set_power_state");
        denied(get("ownreader", "/v1/chassis"), "baremetal:chassis:get");
        denied(get("ownreader", "/v1/conductors"), "baremetal:conductor:get");
        assertThat(get("ownreader", "/v1/nodes/" + leased + "/states").status()).isEqualTo(200);
        assertThat(get("ownreader", "/v1/nodes/" + leased + "/history").status()).isEqualTo(200);
    }

    @Test
    void theOwnersMemberEditsItsNodeButNotItsOwnershipAndOnlyTheAdminMayDeleteIt() {
        assertThat(as("ownmember", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"add\",\"path\":\"/driver_info/ipmi_username\",\"value\":\"root\"}]").status())
                .isEqualTo(200);
        denied(as("ownmember", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"replace\",\"path\":\"/owner\",\"value\":\"" + STRANGER + "\"}]"),
                "baremetal:node:update:owner");
        denied(as("ownmember", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"replace\",\"path\":\"/deploy_interface\",\"value\":\"fake\"}]"),
                "baremetal:node:update:driver_interfaces");
        denied(as("ownmember", "DELETE", "/v1/nodes/" + leased, null), "baremetal:node:delete");
        assertThat(as("ownadmin", "DELETE", "/v1/nodes/" + leased, null).status()).isEqualTo(204);
        hidden(as("ownadmin", "DELETE", "/v1/nodes/" + foreign, null), "Node", foreign);
    }

    @Test
    void aLesseeAdminDeploysAndUndeploysButMayNotTouchDriverInfo() {
        for (String target : List.of("manage", "provide")) {
            assertThat(as("sysadmin", "PUT", "/v1/nodes/" + leased + "/states/provision",
                    "{\"target\":\"" + target + "\"}").status()).isEqualTo(202);
        }
        assertThat(names(get("lessmember", "/v1/nodes"))).containsExactly("leased");
        denied(as("lessmember", "PUT", "/v1/nodes/" + leased + "/states/provision", "{\"target\":\"active\"}"),
                "baremetal:node:set_provision_state");
        ApiFixture.Reply deploy = as("lessadmin", "PUT", "/v1/nodes/" + leased + "/states/provision",
                "{\"target\":\"active\"}");
        assertThat(deploy.status()).as(deploy.raw()).isEqualTo(202);
        assertThat(get("lessadmin", "/v1/nodes/" + leased).body().get("provision_state").asText()).isEqualTo("active");
        assertThat(as("lessadmin", "PUT", "/v1/nodes/" + leased + "/states/provision",
                "{\"target\":\"deleted\"}").status()).isEqualTo(202);
        denied(as("lessadmin", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"replace\",\"path\":\"/driver_info/ipmi_address\",\"value\":\"10.6.6.6\"}]"),
                "baremetal:node:update:driver_info");
        denied(as("lessadmin", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"replace\",\"path\":\"/lessee\",\"value\":\"" + STRANGER + "\"}]"),
                "baremetal:node:update:lessee");
        // The lessee may power its node and note things in extra (Ironic's SYSTEM_OR_PROJECT_MEMBER).
        assertThat(as("lessmember", "PATCH", "/v1/nodes/" + leased,
                "[{\"op\":\"add\",\"path\":\"/extra/note\",\"value\":\"mine\"}]").status()).isEqualTo(200);
        // What the owner keeps to itself is redacted for the lessee.
        JsonNode seen = get("lessadmin", "/v1/nodes/" + leased).body();
        assertThat(seen.at("/driver_info/content").asText())
                .contains("requires baremetal:node:get:driver_info permission");
        assertThat(seen.at("/driver_info/ipmi_address").isMissingNode()).isTrue();
        assertThat(get("ownreader", "/v1/nodes/" + leased).body().at("/driver_info/ipmi_address").asText())
                .isEqualTo("10.0.0.9");
        denied(get("lessadmin", "/v1/nodes/" + leased + "/history"), "baremetal:node:history:get");
    }

    @Test
    void portsFollowTheirNode() {
        String mine = as("sysadmin", "POST", "/v1/ports", "{\"node_uuid\":\"" + leased
                + "\",\"address\":\"52:54:00:00:00:01\"}").body().get("uuid").asText();
        String theirs = as("sysadmin", "POST", "/v1/ports", "{\"node_uuid\":\"" + foreign
                + "\",\"address\":\"52:54:00:00:00:02\"}").body().get("uuid").asText();
        assertThat(get("sysreader", "/v1/ports").body().get("ports")).hasSize(2);
        JsonNode visible = get("ownreader", "/v1/ports").body().get("ports");
        assertThat(visible).hasSize(1);
        assertThat(visible.get(0).get("uuid").asText()).isEqualTo(mine);
        assertThat(get("lessmember", "/v1/ports?address=52:54:00:00:00:02").body().get("ports")).isEmpty();
        assertThat(get("ownreader", "/v1/ports/" + mine).status()).isEqualTo(200);
        hidden(get("ownreader", "/v1/ports/" + theirs), "Port", theirs);
        hidden(get("ownreader", "/v1/nodes/" + foreign + "/ports"), "Node", foreign);
        denied(as("ownmember", "POST", "/v1/ports", "{\"node_uuid\":\"" + leased
                + "\",\"address\":\"52:54:00:00:00:03\"}"), "baremetal:port:create");
        assertThat(as("ownadmin", "POST", "/v1/ports", "{\"node_uuid\":\"" + leased
                + "\",\"address\":\"52:54:00:00:00:03\"}").status()).isEqualTo(201);
        denied(as("ownadmin", "POST", "/v1/ports", "{\"node_uuid\":\"" + foreign
                + "\",\"address\":\"52:54:00:00:00:04\"}"), "baremetal:port:create");
        denied(as("lessadmin", "DELETE", "/v1/ports/" + mine, null), "baremetal:port:delete");
    }

    @Test
    void portgroupsAndVolumeFollowTheirNodeToo() {
        for (String[] node : List.of(new String[] {leased, "mine"}, new String[] {foreign, "theirs"})) {
            ApiFixture.Reply group = as("sysadmin", "POST", "/v1/portgroups", "{\"node_uuid\":\"" + node[0]
                    + "\",\"name\":\"pg-" + node[1] + "\"}");
            assertThat(group.status()).as(group.raw()).isEqualTo(201);
            ApiFixture.Reply connector = as("sysadmin", "POST", "/v1/volume/connectors", "{\"node_uuid\":\""
                    + node[0] + "\",\"type\":\"iqn\",\"connector_id\":\"iqn.2024-01.org.example:" + node[1] + "\"}");
            assertThat(connector.status()).as(connector.raw()).isEqualTo(201);
        }
        assertThat(get("sysreader", "/v1/portgroups").body().get("portgroups")).hasSize(2);
        JsonNode groups = get("lessmember", "/v1/portgroups").body().get("portgroups");
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("name").asText()).isEqualTo("pg-mine");
        hidden(get("ownreader", "/v1/portgroups/pg-theirs"), "Portgroup", "pg-theirs");
        assertThat(get("sysreader", "/v1/volume/connectors").body().get("connectors")).hasSize(2);
        JsonNode connectors = get("ownreader", "/v1/volume/connectors").body().get("connectors");
        assertThat(connectors).hasSize(1);
        assertThat(connectors.get(0).get("node_uuid").asText()).isEqualTo(leased);
        String theirs = get("sysreader", "/v1/nodes/" + foreign + "/volume/connectors").body()
                .at("/connectors/0/uuid").asText();
        hidden(get("ownreader", "/v1/volume/connectors/" + theirs), "Volume connector", theirs);
    }

    @Test
    void aStrangerSeesNoneOfAnotherProjectsNodes() {
        assertThat(names(get("stranger", "/v1/nodes"))).containsExactly("foreign");
        hidden(get("stranger", "/v1/nodes/" + leased), "Node", leased);
        hidden(as("stranger", "PUT", "/v1/nodes/" + leased + "/states/power", "{\"target\":\"power off\"}"),
                "Node", leased);
        hidden(get("stranger", "/v1/nodes/" + leased + "/vifs"), "Node", leased);
        assertThat(as("sysadmin", "POST", "/v1/allocations", "{\"resource_class\":\"gold\",\"owner\":\"" + OWNER
                + "\"}").status()).isEqualTo(201);
        assertThat(get("sysreader", "/v1/allocations").body().get("allocations")).hasSize(1);
        assertThat(get("ownreader", "/v1/allocations").body().get("allocations")).hasSize(1);
        assertThat(get("stranger", "/v1/allocations").body().get("allocations")).isEmpty();
        denied(get("stranger", "/v1/allocations?owner=" + OWNER), "baremetal:allocation:list_all");
        ApiFixture.Reply onTheirAccount = as("stranger", "POST", "/v1/allocations", "{\"resource_class\":\"gold\","
                + "\"owner\":\"" + OWNER + "\"}");
        assertThat(onTheirAccount.status()).as(onTheirAccount.raw()).isEqualTo(403);
        assertThat(api.faultOf(onTheirAccount)).contains("baremetal:allocation:create_restricted");
    }

    @Test
    void aProjectMemberAllocatesOnlyNodesItsProjectOwnsOrLeases() throws Exception {
        for (String node : List.of(leased, foreign)) {
            assertThat(as("sysadmin", "PATCH", "/v1/nodes/" + node,
                    "[{\"op\":\"add\",\"path\":\"/resource_class\",\"value\":\"gold\"}]").status()).isEqualTo(200);
            for (String target : List.of("manage", "provide")) {
                assertThat(as("sysadmin", "PUT", "/v1/nodes/" + node + "/states/provision",
                        "{\"target\":\"" + target + "\"}").status()).isEqualTo(202);
            }
        }
        denied(as("ownreader", "POST", "/v1/allocations", "{\"resource_class\":\"gold\"}"),
                "baremetal:allocation:create");
        ApiFixture.Reply hiddenCandidate = as("lessmember", "POST", "/v1/allocations",
                "{\"resource_class\":\"gold\",\"candidate_nodes\":[\"" + foreign + "\"]}");
        assertThat(hiddenCandidate.status()).as(hiddenCandidate.raw()).isEqualTo(400);
        assertThat(api.faultOf(hiddenCandidate)).isEqualTo("Node " + foreign + " could not be found.");

        ApiFixture.Reply created = as("lessmember", "POST", "/v1/allocations", "{\"resource_class\":\"gold\"}");

        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        assertThat(created.body().get("owner").asText()).as("its own project, unasked").isEqualTo(LESSEE);
        String uuid = created.body().get("uuid").asText();
        JsonNode allocation = created.body();
        for (int i = 0; i < 200 && allocation.get("state").asText().equals("allocating"); i++) {
            Thread.sleep(25);
            allocation = get("lessmember", "/v1/allocations/" + uuid).body();
        }
        assertThat(allocation.get("state").asText()).as(allocation.toString()).isEqualTo("active");
        assertThat(allocation.get("node_uuid").asText()).as("the leased node, never the stranger's").isEqualTo(leased);
    }

    @Test
    void theRolesFileIsReadAgainWhenItChanges() throws Exception {
        denied(get("late", "/v1/nodes"), "baremetal:node:list");
        Files.writeString(roles, Files.readString(roles) + "late system reader\n");
        assertThat(get("late", "/v1/nodes").status()).isEqualTo(200);
        // A broken edit is refused and the last good file stays in force.
        Files.writeString(roles, "late system superuser\n");
        assertThat(get("late", "/v1/nodes").status()).isEqualTo(200);
    }
}
