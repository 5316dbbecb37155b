/**
 * The Ferrum conductor: the control plane that keeps nodes and ports, drives the provisioning
 * state machine and serves the Ironic v1 API. Filled in by the conductor work (issue 4).
 */
package dev.ferrum.conductor;
