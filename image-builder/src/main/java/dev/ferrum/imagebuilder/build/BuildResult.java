package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.manifest.Manifest;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import java.nio.file.Path;

/** A finished build: the plan that was written, the manifest, and where the outputs are. */
public record BuildResult(BuildPlan plan, Manifest manifest, Path outputDirectory) {
}
