package dev.ferrum.imagebuilder.kernel;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A kernel's module tree ({@code lib/modules/<version>}): finds modules by name and orders a
 * request with all dependencies. Dependencies come from {@code modules.dep} when the tree has one,
 * else from each module's {@code .modinfo}.
 */
public final class KernelModules {
    private final Path root;
    private final Map<String, String> pathsByName;
    private final Set<String> builtIn;
    private final Optional<Map<String, List<String>>> modulesDep;
    private final ModuleDecompressor decompressor;

    private KernelModules(Path root, Map<String, String> pathsByName, Set<String> builtIn,
            Optional<Map<String, List<String>>> modulesDep, ModuleDecompressor decompressor) {
        this.root = root;
        this.pathsByName = pathsByName;
        this.builtIn = builtIn;
        this.modulesDep = modulesDep;
        this.decompressor = decompressor;
    }

    /** Module names use underscores; files and {@code depends=} may use dashes. */
    public static String normalize(String name) {
        return name.replace('-', '_');
    }

    /** Indexes the module files under {@code root}; reads modules.dep and modules.builtin when present. */
    public static KernelModules open(Path root, ModuleDecompressor decompressor) {
        if (!Files.isDirectory(root)) {
            throw new ImageBuildException("kernel module directory " + root + " does not exist; pass lib/modules/<version> of the kernel");
        }
        Map<String, String> paths = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(Files::isRegularFile).sorted().forEach(file -> {
                String relative = root.relativize(file).toString();
                String plain = ModuleDecompressor.uncompressedPath(relative);
                if (plain.endsWith(".ko")) {
                    String fileName = plain.substring(plain.lastIndexOf('/') + 1);
                    paths.putIfAbsent(normalize(fileName.substring(0, fileName.length() - 3)), relative);
                }
            });
            Set<String> builtIn = new HashSet<>();
            Path builtinList = root.resolve("modules.builtin");
            if (Files.isRegularFile(builtinList)) {
                for (String line : Files.readAllLines(builtinList)) {
                    String fileName = line.strip().substring(line.strip().lastIndexOf('/') + 1);
                    if (fileName.endsWith(".ko")) {
                        builtIn.add(normalize(fileName.substring(0, fileName.length() - 3)));
                    }
                }
            }
            Path dep = root.resolve("modules.dep");
            Optional<Map<String, List<String>>> modulesDep = Files.isRegularFile(dep)
                    ? Optional.of(ModulesDep.parse(Files.readString(dep)))
                    : Optional.empty();
            return new KernelModules(root, paths, builtIn, modulesDep, decompressor);
        } catch (IOException e) {
            throw new ImageBuildException("cannot read kernel modules under " + root + ": " + e.getMessage(), e);
        }
    }

    /** The kernel version: the name of the module directory. */
    public String kernelVersion() {
        return root.getFileName().toString();
    }

    /**
     * Selects {@code requested} modules with their dependencies, in load order. A requested module
     * the kernel lacks is listed as missing, unless {@code required} says it must exist: then the
     * build fails. A missing dependency of a present module always fails (a broken tree).
     */
    public ModuleSelection select(List<String> requested, Predicate<String> required) {
        Map<String, KernelModule> ordered = new LinkedHashMap<>();
        List<String> builtInRequested = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        Map<String, KernelModule> cache = new HashMap<>();
        for (String raw : requested) {
            String name = normalize(raw);
            if (builtIn.contains(name)) {
                builtInRequested.add(name);
            } else if (!pathsByName.containsKey(name)) {
                if (required.test(name)) {
                    throw new ImageBuildException("kernel " + kernelVersion() + " has no module " + name
                            + " and it is required (QEMU machines need virtio); use a kernel that has it, such as Debian's linux-image-amd64");
                }
                missing.add(name);
            } else {
                visit(name, ordered, new HashSet<>(), cache, name);
            }
        }
        return new ModuleSelection(List.copyOf(ordered.values()), builtInRequested, missing);
    }

    private void visit(String name, Map<String, KernelModule> ordered, Set<String> inProgress,
            Map<String, KernelModule> cache, String requestedBy) {
        if (ordered.containsKey(name) || builtIn.contains(name)) {
            return;
        }
        if (!inProgress.add(name)) {
            throw new ImageBuildException("kernel modules depend on each other in a cycle through " + name + "; the module tree is broken");
        }
        String relative = pathsByName.get(name);
        if (relative == null) {
            throw new ImageBuildException("module " + requestedBy + " needs " + name + ", which kernel " + kernelVersion()
                    + " does not have; the module tree is incomplete (re-extract the kernel package)");
        }
        KernelModule module = cache.computeIfAbsent(name, n -> describe(n, relative));
        for (String dependency : module.depends()) {
            visit(dependency, ordered, inProgress, cache, name);
        }
        inProgress.remove(name);
        ordered.put(name, module);
    }

    private KernelModule describe(String name, String relative) {
        Path plainFile = decompressor.uncompressed(root.resolve(relative), relative);
        Optional<ModInfo> info = ElfFile.isElf(plainFile) ? ElfFile.read(plainFile).section(".modinfo").map(ModInfo::parse)
                : Optional.empty();
        List<String> depends;
        if (modulesDep.isPresent()) {
            List<String> depPaths = modulesDep.get().getOrDefault(relative, List.of());
            depends = depPaths.stream().map(KernelModules::nameOf).toList().reversed();
        } else {
            depends = info.orElseThrow(() -> new ImageBuildException(plainFile + " has no .modinfo section; is it a kernel module?"))
                    .depends();
        }
        return new KernelModule(name, ModuleDecompressor.uncompressedPath(relative), plainFile, depends,
                info.map(ModInfo::aliases).orElse(List.of()));
    }

    private static String nameOf(String path) {
        String plain = ModuleDecompressor.uncompressedPath(path);
        String fileName = plain.substring(plain.lastIndexOf('/') + 1);
        return normalize(fileName.endsWith(".ko") ? fileName.substring(0, fileName.length() - 3) : fileName);
    }
}
