/**
 * The web console's static assets (built by the console module, carried on the classpath under
 * {@code ferrum-console/}) served at {@code /console} on the API's own port. The assets hold no data:
 * the app reads and changes everything through the public API with the operator's own credentials.
 */
package dev.ferrum.conductor.console;
