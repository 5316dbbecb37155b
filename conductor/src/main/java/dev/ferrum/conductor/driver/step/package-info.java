/** Steps the conductor runs itself for a driver slot (bios, firmware, …) during cleaning and deploying. */
package dev.ferrum.conductor.driver.step;
