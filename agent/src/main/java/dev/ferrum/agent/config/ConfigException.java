package dev.ferrum.agent.config;

import dev.ferrum.agent.AgentException;

/** A configuration value is missing or malformed; the message names the parameter and the value. */
public class ConfigException extends AgentException {

    public ConfigException(String message) {
        super(message);
    }
}
