package dev.ferrum.conductor.api.policy;

import static dev.ferrum.conductor.api.policy.Rule.API_READER;
import static dev.ferrum.conductor.api.policy.Rule.ALLOCATION_CREATOR;
import static dev.ferrum.conductor.api.policy.Rule.ALLOCATION_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.ALLOCATION_READER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_ADMIN_OR_OWNER_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER_OR_OWNER_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_MEMBER_OR_OWNER_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_OWNER_READER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_PROJECT_MEMBER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_OR_PROJECT_READER;
import static dev.ferrum.conductor.api.policy.Rule.SYSTEM_READER;
import static dev.ferrum.conductor.api.policy.TargetKind.ALLOCATION;
import static dev.ferrum.conductor.api.policy.TargetKind.BODY_NODE;
import static dev.ferrum.conductor.api.policy.TargetKind.NODE;
import static dev.ferrum.conductor.api.policy.TargetKind.NODE_PATCH;
import static dev.ferrum.conductor.api.policy.TargetKind.NONE;
import static dev.ferrum.conductor.api.policy.TargetKind.PORT;
import static dev.ferrum.conductor.api.policy.TargetKind.PORTGROUP;
import static dev.ferrum.conductor.api.policy.TargetKind.PROJECT_LIST;
import static dev.ferrum.conductor.api.policy.TargetKind.VOLUME_CONNECTOR;
import static dev.ferrum.conductor.api.policy.TargetKind.VOLUME_TARGET;

import dev.ferrum.conductor.auth.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * Every operator route's policy, with Ironic's names and default secure-RBAC rules (ironic/common/policy.py);
 * the first matching row governs, so more specific templates come first. A route no row names is for the
 * system admin alone, so a route added without a row fails closed.
 */
public final class PolicyTable {
    private static final String N = "/v1/nodes/{ident}";

    /** What governs a route the table does not name. */
    static final RoutePolicy UNLISTED = new RoutePolicy("*", "/**", "baremetal:unlisted_route", SYSTEM_ADMIN, NONE);

    private final List<RoutePolicy> rows;

    private PolicyTable(List<RoutePolicy> rows) {
        this.rows = List.copyOf(rows);
    }

    public List<RoutePolicy> rows() {
        return rows;
    }

    /** The row for {@code method} on {@code path}, or {@link #UNLISTED}. */
    public RoutePolicy lookup(String method, String path) {
        List<String> segments = segments(path);
        return rows.stream().filter(row -> row.matches(method, segments)).findFirst().orElse(UNLISTED);
    }

    static List<String> segments(String path) {
        List<String> out = new ArrayList<>();
        for (String part : path.split("/")) {
            if (!part.isEmpty()) {
                out.add(part);
            }
        }
        return out;
    }

    /** Ironic's defaults. */
    public static PolicyTable ironicDefaults() {
        List<RoutePolicy> r = new ArrayList<>();
        // Nodes.
        r.add(row("GET", "/v1/nodes", "baremetal:node:list", API_READER, PROJECT_LIST));
        r.add(row("GET", "/v1/nodes/detail", "baremetal:node:list", API_READER, PROJECT_LIST));
        r.add(row("POST", "/v1/nodes", "baremetal:node:create", SYSTEM_ADMIN, NONE));
        r.add(row("GET", N, "baremetal:node:get", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("PATCH", N, "baremetal:node:update", SYSTEM_OR_PROJECT_MEMBER, NODE_PATCH));
        // baremetal:node:delete, or baremetal:node:delete:self_owned_node for the owner's admin.
        r.add(row("DELETE", N, "baremetal:node:delete", SYSTEM_ADMIN.or(Rule.owner(Role.ADMIN)), NODE));
        r.add(row("GET", N + "/states", "baremetal:node:get_states", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("PUT", N + "/states/provision", "baremetal:node:set_provision_state",
                SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN, NODE));
        r.add(row("PUT", N + "/states/power", "baremetal:node:set_power_state", SYSTEM_OR_PROJECT_MEMBER, NODE));
        r.add(row("PUT", N + "/states/raid", "baremetal:node:set_raid_state", SYSTEM_MEMBER_OR_OWNER_MEMBER, NODE));
        r.add(row("GET", N + "/states/console", "baremetal:node:get_console", SYSTEM_MEMBER_OR_OWNER_MEMBER, NODE));
        r.add(row("PUT", N + "/states/console", "baremetal:node:set_console_state", SYSTEM_MEMBER_OR_OWNER_MEMBER,
                NODE));
        r.add(row("PUT", N + "/states/boot_mode", "baremetal:node:set_boot_mode", SYSTEM_OR_PROJECT_MEMBER, NODE));
        r.add(row("PUT", N + "/states/secure_boot", "baremetal:node:set_secure_boot", SYSTEM_OR_PROJECT_MEMBER,
                NODE));
        r.add(row("GET", N + "/validate", "baremetal:node:validate", SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN, NODE));
        r.add(row("PUT", N + "/maintenance", "baremetal:node:set_maintenance",
                SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN, NODE));
        r.add(row("DELETE", N + "/maintenance", "baremetal:node:clear_maintenance",
                SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN, NODE));
        r.add(row("GET", N + "/management/boot_device", "baremetal:node:get_boot_device",
                SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("GET", N + "/management/boot_device/supported", "baremetal:node:get_boot_device",
                SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("PUT", N + "/management/boot_device", "baremetal:node:set_boot_device",
                SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("PUT", N + "/management/inject_nmi", "baremetal:node:inject_nmi", SYSTEM_MEMBER_OR_OWNER_ADMIN,
                NODE));
        r.add(row("GET", N + "/management/indicators", "baremetal:node:get_indicator_state",
                SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("GET", N + "/management/indicators/{indicator}", "baremetal:node:get_indicator_state",
                SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("PUT", N + "/management/indicators/{indicator}", "baremetal:node:set_indicator_state",
                SYSTEM_MEMBER_OR_OWNER_MEMBER, NODE));
        r.add(row("GET", N + "/vifs", "baremetal:node:vif:list", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("POST", N + "/vifs", "baremetal:node:vif:attach", SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN, NODE));
        r.add(row("DELETE", N + "/vifs/{vif}", "baremetal:node:vif:detach", SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN,
                NODE));
        r.add(row("GET", N + "/traits", "baremetal:node:traits:list", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("PUT", N + "/traits", "baremetal:node:traits:set", SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("PUT", N + "/traits/{trait}", "baremetal:node:traits:set", SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("DELETE", N + "/traits", "baremetal:node:traits:delete", SYSTEM_MEMBER_OR_OWNER_ADMIN, NODE));
        r.add(row("DELETE", N + "/traits/{trait}", "baremetal:node:traits:delete", SYSTEM_MEMBER_OR_OWNER_ADMIN,
                NODE));
        r.add(row("GET", N + "/bios", "baremetal:node:bios:get", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("GET", N + "/bios/{name}", "baremetal:node:bios:get", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("GET", N + "/firmware", "baremetal:node:firmware:get", SYSTEM_OR_PROJECT_READER, NODE));
        // Ironic checks the parent as a node read (baremetal:node:get).
        r.add(row("GET", N + "/children", "baremetal:node:get", SYSTEM_OR_PROJECT_READER, NODE));
        r.add(row("GET", N + "/history", "baremetal:node:history:get", SYSTEM_OR_OWNER_READER, NODE));
        r.add(row("GET", N + "/history/{event}", "baremetal:node:history:get", SYSTEM_OR_OWNER_READER, NODE));
        r.add(row("GET", N + "/inventory", "baremetal:node:inventory:get", SYSTEM_OR_OWNER_READER, NODE));
        // Ferrum's own erase certificates: what the owner may read of its node's history.
        r.add(row("GET", N + "/erase_certificates", "baremetal:node:erase_certificates:get", SYSTEM_OR_OWNER_READER,
                NODE));
        r.add(row("GET", N + "/erase_certificates/{id}", "baremetal:node:erase_certificates:get",
                SYSTEM_OR_OWNER_READER, NODE));
        r.add(row("*", N + "/vendor_passthru/**", "baremetal:node:vendor_passthru", SYSTEM_ADMIN, NODE));
        r.add(row("*", N + "/vendor_passthru", "baremetal:node:vendor_passthru", SYSTEM_ADMIN, NODE));
        // A node's sub-collections: seeing the node is what it takes to list them.
        for (String sub : List.of("/ports", "/ports/detail")) {
            r.add(row("GET", N + sub, "baremetal:port:list", SYSTEM_OR_PROJECT_READER, NODE));
        }
        for (String sub : List.of("/portgroups", "/portgroups/detail")) {
            r.add(row("GET", N + sub, "baremetal:portgroup:list", SYSTEM_OR_PROJECT_READER, NODE));
        }
        r.add(row("POST", N + "/portgroups", "baremetal:portgroup:create", SYSTEM_ADMIN_OR_OWNER_ADMIN, NODE));
        for (String sub : List.of("/volume", "/volume/connectors", "/volume/targets")) {
            r.add(row("GET", N + sub, "baremetal:volume:list", SYSTEM_OR_PROJECT_READER, NODE));
        }
        r.add(row("POST", N + "/volume/connectors", "baremetal:volume:create", SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN,
                NODE));
        r.add(row("POST", N + "/volume/targets", "baremetal:volume:create", SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN,
                NODE));
        r.add(row("GET", N + "/allocation", "baremetal:allocation:get", SYSTEM_OR_OWNER_READER, NODE));
        r.add(row("DELETE", N + "/allocation", "baremetal:allocation:delete", SYSTEM_MEMBER_OR_OWNER_MEMBER, NODE));

        // Ports and portgroups follow their node.
        r.add(row("GET", "/v1/ports", "baremetal:port:list", API_READER, PROJECT_LIST));
        r.add(row("GET", "/v1/ports/detail", "baremetal:port:list", API_READER, PROJECT_LIST));
        r.add(row("POST", "/v1/ports", "baremetal:port:create", SYSTEM_ADMIN_OR_OWNER_ADMIN, BODY_NODE));
        r.add(row("GET", "/v1/ports/{uuid}", "baremetal:port:get", SYSTEM_OR_PROJECT_READER, PORT));
        r.add(row("PATCH", "/v1/ports/{uuid}", "baremetal:port:update", SYSTEM_MEMBER_OR_OWNER_ADMIN, PORT));
        r.add(row("DELETE", "/v1/ports/{uuid}", "baremetal:port:delete", SYSTEM_ADMIN_OR_OWNER_ADMIN, PORT));
        r.add(row("GET", "/v1/portgroups", "baremetal:portgroup:list", API_READER, PROJECT_LIST));
        r.add(row("GET", "/v1/portgroups/detail", "baremetal:portgroup:list", API_READER, PROJECT_LIST));
        r.add(row("POST", "/v1/portgroups", "baremetal:portgroup:create", SYSTEM_ADMIN_OR_OWNER_ADMIN, BODY_NODE));
        r.add(row("GET", "/v1/portgroups/{ident}", "baremetal:portgroup:get", SYSTEM_OR_PROJECT_READER, PORTGROUP));
        r.add(row("GET", "/v1/portgroups/{ident}/ports", "baremetal:portgroup:get", SYSTEM_OR_PROJECT_READER,
                PORTGROUP));
        r.add(row("GET", "/v1/portgroups/{ident}/ports/detail", "baremetal:portgroup:get", SYSTEM_OR_PROJECT_READER,
                PORTGROUP));
        r.add(row("PATCH", "/v1/portgroups/{ident}", "baremetal:portgroup:update", SYSTEM_MEMBER_OR_OWNER_ADMIN,
                PORTGROUP));
        r.add(row("DELETE", "/v1/portgroups/{ident}", "baremetal:portgroup:delete", SYSTEM_ADMIN_OR_OWNER_ADMIN,
                PORTGROUP));

        // Volume connectors and targets follow their node.
        r.add(row("GET", "/v1/volume", "baremetal:volume:list", API_READER, NONE));
        for (var kind : List.of(new Object[] {"connectors", VOLUME_CONNECTOR}, new Object[] {"targets", VOLUME_TARGET})) {
            String base = "/v1/volume/" + kind[0];
            TargetKind target = (TargetKind) kind[1];
            r.add(row("GET", base, "baremetal:volume:list", API_READER, PROJECT_LIST));
            r.add(row("POST", base, "baremetal:volume:create", SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN, BODY_NODE));
            r.add(row("GET", base + "/{uuid}", "baremetal:volume:get", SYSTEM_OR_PROJECT_READER, target));
            r.add(row("PATCH", base + "/{uuid}", "baremetal:volume:update", SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN,
                    target));
            r.add(row("DELETE", base + "/{uuid}", "baremetal:volume:delete", SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN,
                    target));
        }

        // Allocations: an allocation's own owner is its target.
        r.add(row("GET", "/v1/allocations", "baremetal:allocation:list", API_READER, PROJECT_LIST));
        // A project's member may create allocations for its own project only (AllocationsResource narrows them).
        r.add(row("POST", "/v1/allocations", "baremetal:allocation:create", ALLOCATION_CREATOR, NONE));
        r.add(row("GET", "/v1/allocations/{ident}", "baremetal:allocation:get", ALLOCATION_READER, ALLOCATION));
        r.add(row("PATCH", "/v1/allocations/{ident}", "baremetal:allocation:update", ALLOCATION_MEMBER, ALLOCATION));
        r.add(row("DELETE", "/v1/allocations/{ident}", "baremetal:allocation:delete", ALLOCATION_MEMBER, ALLOCATION));

        // System-wide resources.
        for (String path : List.of("/v1/chassis", "/v1/chassis/detail", "/v1/chassis/{uuid}",
                "/v1/chassis/{uuid}/nodes", "/v1/chassis/{uuid}/nodes/detail")) {
            r.add(row("GET", path, "baremetal:chassis:get", SYSTEM_READER, NONE));
        }
        r.add(row("POST", "/v1/chassis", "baremetal:chassis:create", SYSTEM_ADMIN, NONE));
        r.add(row("PATCH", "/v1/chassis/{uuid}", "baremetal:chassis:update", SYSTEM_MEMBER, NONE));
        r.add(row("DELETE", "/v1/chassis/{uuid}", "baremetal:chassis:delete", SYSTEM_ADMIN, NONE));
        r.add(row("*", "/v1/drivers/{name}/vendor_passthru/**", "baremetal:driver:vendor_passthru", SYSTEM_ADMIN,
                NONE));
        r.add(row("*", "/v1/drivers/{name}/vendor_passthru", "baremetal:driver:vendor_passthru", SYSTEM_ADMIN, NONE));
        r.add(row("GET", "/v1/drivers/{name}/properties", "baremetal:driver:get_properties", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/drivers/{name}/raid/logical_disk_properties",
                "baremetal:driver:get_raid_logical_disk_properties", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/drivers", "baremetal:driver:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/drivers/{name}", "baremetal:driver:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/conductors", "baremetal:conductor:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/conductors/{hostname}", "baremetal:conductor:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/shards", "baremetal:shards:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/shards/{name}", "baremetal:shards:get", SYSTEM_READER, NONE));
        r.add(row("POST", "/v1/events", "baremetal:events:post", SYSTEM_ADMIN, NONE));
        // Ferrum's event stream shows nodes as the node list does: every reader, narrowed to its project's nodes.
        r.add(row("GET", "/v1/events/stream", "baremetal:node:list", API_READER, PROJECT_LIST));
        r.add(row("GET", "/v1/deploy_templates", "baremetal:deploy_template:get", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/deploy_templates/{ident}", "baremetal:deploy_template:get", SYSTEM_READER, NONE));
        r.add(row("POST", "/v1/deploy_templates", "baremetal:deploy_template:create", SYSTEM_ADMIN, NONE));
        r.add(row("PATCH", "/v1/deploy_templates/{ident}", "baremetal:deploy_template:update", SYSTEM_ADMIN, NONE));
        r.add(row("DELETE", "/v1/deploy_templates/{ident}", "baremetal:deploy_template:delete", SYSTEM_ADMIN, NONE));
        // The ironic-inspector compatible API: a system service, with inspector's policy names.
        r.add(row("GET", "/v1/introspection/{node}", "introspection:status", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/introspection/{node}/data", "introspection:data", SYSTEM_READER, NONE));
        r.add(row("GET", "/v1/introspection/{node}/data/unprocessed", "introspection:data", SYSTEM_READER, NONE));
        r.add(row("POST", "/v1/introspection/{node}", "introspection:start", SYSTEM_ADMIN, NONE));
        return new PolicyTable(r);
    }

    private static RoutePolicy row(String method, String template, String name, Rule rule, TargetKind target) {
        return new RoutePolicy(method, template, name, rule, target);
    }
}
