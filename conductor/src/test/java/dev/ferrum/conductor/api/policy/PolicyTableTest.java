package dev.ferrum.conductor.api.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.auth.Grant;
import dev.ferrum.conductor.auth.Role;
import dev.ferrum.conductor.auth.Scope;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The table's lookups and Ironic's check strings, without a server. */
class PolicyTableTest {
    private final PolicyTable table = PolicyTable.ironicDefaults();

    @Test
    void theMostSpecificRowGoverns() {
        assertThat(table.lookup("GET", "/v1/nodes/detail").name()).isEqualTo("baremetal:node:list");
        assertThat(table.lookup("GET", "/v1/nodes/n1").name()).isEqualTo("baremetal:node:get");
        assertThat(table.lookup("GET", "/v1/ports/detail").target()).isEqualTo(TargetKind.PROJECT_LIST);
        assertThat(table.lookup("PUT", "/v1/nodes/n1/states/provision").name())
                .isEqualTo("baremetal:node:set_provision_state");
        assertThat(table.lookup("POST", "/v1/nodes/n1/vendor_passthru/some_method").name())
                .isEqualTo("baremetal:node:vendor_passthru");
        assertThat(table.lookup("GET", "/v1/nodes/n1/vendor_passthru/methods").name())
                .isEqualTo("baremetal:node:vendor_passthru");
    }

    @Test
    void aRouteTheTableDoesNotNameIsForTheSystemAdminAlone() {
        RoutePolicy row = table.lookup("POST", "/v1/something/new");
        assertThat(row).isSameAs(PolicyTable.UNLISTED);
        assertThat(row.rule().allows(new Grant(new Scope.System(), Role.MEMBER), Target.none())).isFalse();
        assertThat(row.rule().allows(Grant.systemAdmin(), Target.none())).isTrue();
        // Another method on a known path is unlisted too.
        assertThat(table.lookup("PUT", "/v1/chassis")).isSameAs(PolicyTable.UNLISTED);
    }

    @Test
    void lesseeAdminsProvisionButLesseeMembersDoNot() {
        Target node = new Target(Optional.of("owner"), Optional.of("lessee"));
        Rule provision = Rule.SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN;
        assertThat(provision.allows(new Grant(new Scope.Project("lessee"), Role.ADMIN), node)).isTrue();
        assertThat(provision.allows(new Grant(new Scope.Project("lessee"), Role.MANAGER), node)).isTrue();
        assertThat(provision.allows(new Grant(new Scope.Project("lessee"), Role.MEMBER), node)).isFalse();
        assertThat(provision.allows(new Grant(new Scope.Project("owner"), Role.MEMBER), node)).isTrue();
        assertThat(provision.allows(new Grant(new Scope.Project("owner"), Role.READER), node)).isFalse();
        assertThat(provision.allows(new Grant(new Scope.System(), Role.READER), node)).isFalse();
        assertThat(provision.allows(new Grant(new Scope.Project("other"), Role.ADMIN), node)).isFalse();
    }
}
