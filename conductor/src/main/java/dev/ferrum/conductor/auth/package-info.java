/**
 * Who is calling the API: users from an htpasswd file with bcrypt hashes, their Keystone-style grants
 * (system or project scope, reader to admin) from a roles file, both re-read when they change.
 */
package dev.ferrum.conductor.auth;
