package dev.ferrum.imagebuilder.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ManifestJsonTest {

    @Test
    void rendersTheWholeManifestDeterministically() {
        Manifest manifest = new Manifest(Instant.parse("2026-01-01T00:00:00Z"),
                List.of(new Manifest.FileRecord("vmlinuz", 8, "aa"), new Manifest.FileRecord("initramfs", 4, "bb")), 12,
                Optional.of(new Manifest.InitramfsInfo("zstd", "zstd v1.5.4", 3, 1024, 900)),
                Optional.of(new Manifest.KernelInfo("6.1.0-56-amd64", "linux-image-6.1.0-56-amd64 6.1.192-2",
                        List.of("virtio", "virtio_net"), List.of(), List.of("mlx5_core"))),
                new Manifest.JavaInfo("Test 25+1", List.of("java.base"), List.of("java.base"), "zip-0", List.of(), "appcds",
                        "opt/ferrum/agent/ferrum-agent.jsa", true, List.of("/opt/ferrum/jre/bin/java", "-jar", "x.jar")),
                List.of(new Manifest.FileRecord("opt/ferrum/agent/ferrum-agent.jar", 10, "cc")), List.of(), List.of(),
                List.of(), "BusyBox v1.35.0", List.of("say \"hi\"\n"));

        assertThat(ManifestJson.render(manifest)).isEqualTo("""
                {
                  "schema": 1,
                  "builder": "ferrum-image-builder",
                  "sourceDateEpoch": 1767225600,
                  "outputs": [
                    {
                      "name": "vmlinuz",
                      "size": 8,
                      "sha256": "aa"
                    },
                    {
                      "name": "initramfs",
                      "size": 4,
                      "sha256": "bb"
                    }
                  ],
                  "bootBytes": 12,
                  "initramfs": {
                    "format": "newc",
                    "compression": "zstd",
                    "compressor": "zstd v1.5.4",
                    "entries": 3,
                    "cpioBytes": 1024,
                    "contentBytes": 900
                  },
                  "kernel": {
                    "version": "6.1.0-56-amd64",
                    "origin": "linux-image-6.1.0-56-amd64 6.1.192-2",
                    "modules": [
                      "virtio",
                      "virtio_net"
                    ],
                    "builtIn": [],
                    "missing": [
                      "mlx5_core"
                    ]
                  },
                  "java": {
                    "jdk": "Test 25+1",
                    "jdepsModules": [
                      "java.base"
                    ],
                    "linkedModules": [
                      "java.base"
                    ],
                    "jlinkCompress": "zip-0",
                    "jlinkExcludes": [],
                    "classCache": {
                      "mode": "appcds",
                      "path": "opt/ferrum/agent/ferrum-agent.jsa",
                      "reproducible": true
                    },
                    "agentCommand": [
                      "/opt/ferrum/jre/bin/java",
                      "-jar",
                      "x.jar"
                    ]
                  },
                  "agentJars": [
                    {
                      "name": "opt/ferrum/agent/ferrum-agent.jar",
                      "size": 10,
                      "sha256": "cc"
                    }
                  ],
                  "plugins": [],
                  "libraries": [],
                  "unresolvedLibraries": [],
                  "busybox": "BusyBox v1.35.0",
                  "warnings": [
                    "say \\"hi\\"\\n"
                  ]
                }
                """);
    }
}
