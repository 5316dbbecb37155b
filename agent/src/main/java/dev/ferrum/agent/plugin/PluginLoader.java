package dev.ferrum.agent.plugin;

import dev.ferrum.hardware.registry.HardwareManagerDiscovery.Discovered;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.ProviderFailure;
import dev.ferrum.hardware.spi.HardwareManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ResolutionException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds hardware managers: those bound into the agent, plus vendor plugin jars from extra
 * directories (a second initrd, say) loaded without rebuilding the agent. When the agent runs as
 * a module (the jlinked ramdisk) plugins are loaded as a module layer; on the class path they are
 * loaded by a child class loader and found through {@code META-INF/services}.
 */
public final class PluginLoader {
    private final ClassLoader agentLoader;

    public PluginLoader(ClassLoader agentLoader) {
        this.agentLoader = agentLoader;
    }

    /** Managers bound into the agent plus those in {@code pluginDirs}; failures are collected, not thrown. */
    public Discovered discover(List<Path> pluginDirs) {
        List<Path> jars = new ArrayList<>();
        List<ProviderFailure> failures = new ArrayList<>();
        for (Path dir : pluginDirs) {
            if (!Files.isDirectory(dir)) {
                failures.add(new ProviderFailure(dir.toString(), "plugin directory does not exist"));
                continue;
            }
            jars.addAll(jarsIn(dir));
        }
        Discovered bound = HardwareManagerDiscovery.discover(agentLoader);
        if (jars.isEmpty()) {
            return merge(bound, new Discovered(List.of(), failures));
        }
        Module spi = HardwareManager.class.getModule();
        Discovered plugins = spi.isNamed() ? discoverAsLayer(spi, jars, failures) : discoverOnClassPath(jars, failures);
        return merge(bound, plugins);
    }

    private Discovered discoverAsLayer(Module spi, List<Path> jars, List<ProviderFailure> failures) {
        ModuleLayer parent = spi.getLayer() == null ? ModuleLayer.boot() : spi.getLayer();
        try {
            ModuleFinder finder = ModuleFinder.of(jars.toArray(Path[]::new));
            List<String> roots = finder.findAll().stream().map(ref -> ref.descriptor().name()).toList();
            Configuration configuration = parent.configuration().resolveAndBind(finder, ModuleFinder.of(), roots);
            ModuleLayer layer = parent.defineModulesWithOneLoader(configuration, agentLoader);
            Discovered found = HardwareManagerDiscovery.discover(layer);
            // The layer sees its parents too; keep only the managers the plugin jars brought.
            List<HardwareManager> fromPlugins = found.managers().stream()
                    .filter(m -> m.getClass().getModule().getLayer() == layer).toList();
            failures.addAll(found.failures());
            return new Discovered(fromPlugins, failures);
        } catch (FindException | ResolutionException | LayerInstantiationException e) {
            failures.add(new ProviderFailure(jars.toString(), "cannot load plugin jars as modules: " + e.getMessage()));
            return new Discovered(List.of(), failures);
        }
    }

    private Discovered discoverOnClassPath(List<Path> jars, List<ProviderFailure> failures) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                failures.add(new ProviderFailure(jar.toString(), "not a loadable path: " + e.getMessage()));
            }
        }
        // The loader lives as long as the managers it loaded, i.e. the agent process.
        URLClassLoader loader = new URLClassLoader("ferrum-plugins", urls.toArray(URL[]::new), agentLoader);
        Discovered found = HardwareManagerDiscovery.discover(loader);
        List<HardwareManager> fromPlugins = found.managers().stream()
                .filter(m -> m.getClass().getClassLoader() == loader).toList();
        failures.addAll(found.failures());
        return new Discovered(fromPlugins, failures);
    }

    private static List<Path> jarsIn(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list plugin directory " + dir, e);
        }
    }

    private static Discovered merge(Discovered first, Discovered second) {
        List<HardwareManager> managers = new ArrayList<>(first.managers());
        managers.addAll(second.managers());
        List<ProviderFailure> failures = new ArrayList<>(first.failures());
        failures.addAll(second.failures());
        return new Discovered(managers, failures);
    }
}
