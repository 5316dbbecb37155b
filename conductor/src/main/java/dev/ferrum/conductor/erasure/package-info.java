/**
 * Erase certificates as the conductor keeps them. The signed format and its checks live in
 * {@code dev.ferrum.protocol.erase}; receiving them is part of the clean flow, serving them part
 * of the API.
 */
package dev.ferrum.conductor.erasure;
