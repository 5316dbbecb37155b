package dev.ferrum.conductor.error;

/** The caller is known but a policy does not let it do this (HTTP 403), worded as Ironic's policy refusal. */
public class ForbiddenException extends ConductorException {

    public ForbiddenException(String message) {
        super(message);
    }

    /** "Access was denied to the following resource: baremetal:node:update", as Ironic says it. */
    public static ForbiddenException policy(String policyName) {
        return new ForbiddenException("Access was denied to the following resource: " + policyName);
    }
}
