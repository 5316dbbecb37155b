/**
 * Ironic's default secure-RBAC policies as one table keyed by route, and the enforcer the API's request
 * machinery runs before every operator handler.
 */
package dev.ferrum.conductor.api.policy;
