#!/bin/sh
# Starts the Ferrum agent on the image's runtime with its JVM flags and class cache; the
# arguments are the agent's, e.g. `ferrum-agent run --plugins /opt/ferrum/plugins`. Container
# nodes use this as their entry point; /init runs the same command line. Written by
# ferrum-image-builder.
exec /opt/ferrum/jre/bin/java -XX:+UseSerialGC -XX:SharedArchiveFile=/opt/ferrum/agent/ferrum-agent.jsa -jar /opt/ferrum/agent/ferrum-agent.jar "$@"
