/**
 * What the conductor's outgoing HTTPS clients (agent API, Redfish, inspector) share: checking a
 * certificate against the host as the URL wrote it, and trusting a PEM CA bundle.
 */
package dev.ferrum.conductor.http;
