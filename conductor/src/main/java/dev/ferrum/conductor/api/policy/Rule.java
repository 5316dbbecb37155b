package dev.ferrum.conductor.api.policy;

import dev.ferrum.conductor.auth.Grant;
import dev.ferrum.conductor.auth.Role;
import dev.ferrum.conductor.auth.Scope;

/**
 * One of Ironic's default check strings (ironic/common/policy.py), as a predicate over the caller's grant and
 * the target. Keystone's implied roles hold: an admin is also a manager, member and reader. The service role
 * is not modelled.
 */
@FunctionalInterface
public interface Rule {

    boolean allows(Grant grant, Target target);

    default Rule or(Rule other) {
        return (grant, target) -> allows(grant, target) || other.allows(grant, target);
    }

    static Rule system(Role role) {
        return (grant, target) -> grant.isSystem() && grant.role().implies(role);
    }

    /** {@code role:<role> and project_id:%(node.owner)s}. */
    static Rule owner(Role role) {
        return (grant, target) -> grant.role().implies(role) && grant.scope() instanceof Scope.Project p
                && target.owner().filter(p.id()::equals).isPresent();
    }

    /** {@code role:<role> and project_id:%(node.lessee)s}. */
    static Rule lessee(Role role) {
        return (grant, target) -> grant.role().implies(role) && grant.scope() instanceof Scope.Project p
                && target.lessee().filter(p.id()::equals).isPresent();
    }

    /** Any grant of at least {@code role}, in any scope and whatever the target (Ironic's API_READER, ALLOCATION_CREATOR). */
    static Rule anyScope(Role role) {
        return (grant, target) -> grant.role().implies(role);
    }

    Rule SYSTEM_ADMIN = system(Role.ADMIN);
    Rule SYSTEM_MEMBER = system(Role.MEMBER);
    Rule SYSTEM_READER = system(Role.READER);
    Rule SYSTEM_OR_PROJECT_READER = SYSTEM_READER.or(owner(Role.READER)).or(lessee(Role.READER));
    Rule SYSTEM_OR_PROJECT_MEMBER = SYSTEM_MEMBER.or(owner(Role.MEMBER)).or(lessee(Role.MEMBER));
    Rule SYSTEM_OR_OWNER_READER = SYSTEM_READER.or(owner(Role.READER));
    Rule SYSTEM_MEMBER_OR_OWNER_MEMBER = SYSTEM_MEMBER.or(owner(Role.MEMBER));
    Rule SYSTEM_MEMBER_OR_OWNER_ADMIN = SYSTEM_MEMBER.or(owner(Role.MANAGER));
    Rule SYSTEM_ADMIN_OR_OWNER_ADMIN = SYSTEM_ADMIN.or(owner(Role.MANAGER));
    Rule SYSTEM_OR_OWNER_MEMBER_AND_LESSEE_ADMIN = SYSTEM_MEMBER.or(owner(Role.MEMBER)).or(lessee(Role.MANAGER));
    Rule SYSTEM_MEMBER_OR_OWNER_LESSEE_ADMIN = SYSTEM_MEMBER.or(owner(Role.MANAGER)).or(lessee(Role.MANAGER));
    /** Ironic's API_READER: any reader may ask for a list; what it sees is filtered to its project. */
    Rule API_READER = anyScope(Role.READER);
    Rule ALLOCATION_READER = SYSTEM_READER.or(owner(Role.READER));
    Rule ALLOCATION_MEMBER = SYSTEM_MEMBER.or(owner(Role.MEMBER));
    /** Ironic's ALLOCATION_CREATOR: a system member, or a member of any project (its allocation is then its own). */
    Rule ALLOCATION_CREATOR = SYSTEM_MEMBER.or(anyScope(Role.MEMBER));
}
