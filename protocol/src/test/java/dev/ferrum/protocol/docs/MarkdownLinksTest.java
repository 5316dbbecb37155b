package dev.ferrum.protocol.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository explains itself from a fresh clone: every relative link in its Markdown (the root
 * README, {@code docs/}, the module READMEs) names a file inside the clone, and every anchor a heading
 * of its target. It lives in the protocol module because that module builds first and fastest; it reads
 * the whole checkout, not the module.
 */
class MarkdownLinksTest {
    // Surefire runs in the module directory, one level below the repository root.
    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyRelativeLinkInTheRepositoryResolvesInsideIt() {
        MarkdownLinks links = new MarkdownLinks(REPOSITORY);
        List<Path> files = links.markdownFiles();

        assertThat(files).as("the checker found the root README and docs/")
                .contains(REPOSITORY.resolve("README.md"), REPOSITORY.resolve("docs/README.md"));
        assertThat(files.stream().flatMap(f -> links.problems(f).stream()).toList())
                .as("Markdown links a fresh clone cannot follow; fix the path or the heading they name")
                .isEmpty();
    }

    @Test
    void reportsMissingFilesLinksOutOfTheCloneAndUnknownAnchors(@TempDir Path dir) throws IOException {
        Path clone = Files.createDirectories(dir.resolve("clone"));
        Files.writeString(dir.resolve("sibling.md"), "# Outside\n");
        Files.createDirectories(clone.resolve("docs"));
        Files.writeString(clone.resolve("docs/flows.md"), "# Flows\n\n## Deploy `direct`\n\n## Deploy `direct`\n");
        Path readme = Files.writeString(clone.resolve("README.md"), String.join("\n",
                "See [flows](docs/flows.md) and [deploy](docs/flows.md#deploy-direct-1).",
                "Gone: [wire](docs/wire.md), [anchor](docs/flows.md#rescue), [up](../sibling.md).",
                "Ignored: [web](https://example.org/x.md), `[code](nowhere.md)`, [top](#intro).",
                "```",
                "[fenced](nowhere.md)",
                "```",
                "[ref]: docs/missing.md",
                "",
                "## Intro",
                ""));

        List<String> problems = new MarkdownLinks(clone).problems(readme);

        assertThat(problems).containsExactly(
                "README.md:2: docs/wire.md (no such file in the repository)",
                "README.md:2: docs/flows.md#rescue (no heading or anchor \"rescue\" in docs/flows.md)",
                "README.md:2: ../sibling.md (outside the repository; a fresh clone does not have it)",
                "README.md:7: docs/missing.md (no such file in the repository)");
    }

    @Test
    void skipsBuildOutput(@TempDir Path clone) throws IOException {
        Files.createDirectories(clone.resolve("agent/target/site"));
        Files.writeString(clone.resolve("agent/target/site/generated.md"), "[x](missing.md)\n");
        Files.writeString(clone.resolve("agent/README.md"), "# Agent\n");

        assertThat(new MarkdownLinks(clone).markdownFiles()).containsExactly(clone.resolve("agent/README.md"));
    }

    @Test
    void headingAnchorsFollowGitHubsRule() {
        assertThat(MarkdownLinks.slug("Provable erasure (`erase_devices`)")).isEqualTo("provable-erasure-erase_devices");
        assertThat(MarkdownLinks.slug("Agent token, auto-TLS & [bearer](x.md)")).isEqualTo("agent-token-auto-tls--bearer");
    }
}
