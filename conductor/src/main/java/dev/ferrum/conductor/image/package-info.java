/**
 * Which image references a deploy may use, checked before a node powers on: http(s) URLs, {@code file://}
 * paths under the directories the operator allows, never a Glance id (Ferrum has no image service).
 */
package dev.ferrum.conductor.image;
