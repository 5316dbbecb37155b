package dev.ferrum.imagebuilder.manifest;

import java.util.List;

/** Renders a {@link Manifest} as {@code manifest.json} (schema version 1), deterministically. */
public final class ManifestJson {
    private ManifestJson() {
    }

    public static String render(Manifest manifest) {
        Json.Obj root = new Json.Obj()
                .put("schema", 1)
                .put("builder", "ferrum-image-builder")
                .put("sourceDateEpoch", manifest.mtime().getEpochSecond())
                .putObjects("outputs", files(manifest.outputs()))
                .put("bootBytes", manifest.bootBytes());
        // A rootfs-only build has neither: the keys are left out rather than filled with stand-ins.
        manifest.initramfs().ifPresent(initramfs -> root.put("initramfs", new Json.Obj()
                .put("format", "newc")
                .put("compression", initramfs.compression())
                .put("compressor", initramfs.compressor())
                .put("entries", initramfs.entries())
                .put("cpioBytes", initramfs.cpioBytes())
                .put("contentBytes", initramfs.contentBytes())));
        manifest.kernel().ifPresent(kernel -> root.put("kernel", new Json.Obj()
                .put("version", kernel.version())
                .put("origin", kernel.origin())
                .putStrings("modules", kernel.modules())
                .putStrings("builtIn", kernel.builtIn())
                .putStrings("missing", kernel.missing())));
        Manifest.JavaInfo java = manifest.java();
        root.put("java", new Json.Obj()
                .put("jdk", java.jdk())
                .putStrings("jdepsModules", java.jdepsModules())
                .putStrings("linkedModules", java.linkedModules())
                .put("jlinkCompress", java.jlinkCompress())
                .putStrings("jlinkExcludes", java.jlinkExcludes())
                .put("classCache", new Json.Obj()
                        .put("mode", java.classCache())
                        .put("path", java.classCachePath())
                        .put("reproducible", java.classCacheReproducible()))
                .putStrings("agentCommand", java.agentCommand()));
        root.putObjects("agentJars", files(manifest.agentJars()))
                .putObjects("plugins", files(manifest.plugins()))
                .putObjects("libraries", files(manifest.libraries()))
                .putStrings("unresolvedLibraries", manifest.unresolvedLibraries())
                .put("busybox", manifest.busybox())
                .putStrings("warnings", manifest.warnings());
        return Json.print(root);
    }

    private static List<Json.Obj> files(List<Manifest.FileRecord> files) {
        return files.stream()
                .map(f -> new Json.Obj().put("name", f.name()).put("size", f.size()).put("sha256", f.sha256()))
                .toList();
    }
}
