/**
 * The conductor's client for the agent API a ramdisk serves on its callback URL (port 9999): run a
 * command, list commands, read one. Speaks to stock ironic-python-agent and to Ferrum's agent alike.
 */
package dev.ferrum.conductor.agent;
