/** The firmware components the conductor recorded per node. */
package dev.ferrum.conductor.firmware;
