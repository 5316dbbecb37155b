/**
 * Work the conductor does on its own schedule: the {@link dev.ferrum.conductor.periodic.Sweeper} fails
 * nodes whose wait state ran past its deadline, and {@link dev.ferrum.conductor.periodic.Recovery}
 * cleans up on start after a conductor died with nodes mid-flow. Both take an injectable clock.
 */
package dev.ferrum.conductor.periodic;
