package dev.ferrum.hardware.registry;

import dev.ferrum.hardware.spi.HardwareManager;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds hardware managers with {@link ServiceLoader}, on the module path (a module that
 * {@code provides} the service) and on the class path ({@code META-INF/services}). A provider
 * whose class cannot be loaded or constructed is captured as a {@link ProviderFailure}; the
 * others are still found.
 */
public final class HardwareManagerDiscovery {
    private HardwareManagerDiscovery() {
    }

    /** What a discovery found: the managers that loaded and the providers that failed. */
    public record Discovered(List<HardwareManager> managers, List<ProviderFailure> failures) {
        public Discovered {
            managers = List.copyOf(managers);
            failures = List.copyOf(failures);
        }
    }

    /** Managers visible to this module's layer and to {@code classLoader}'s class path. */
    public static Discovered discover(ClassLoader classLoader) {
        return collect(ServiceLoader.load(HardwareManager.class, classLoader));
    }

    /** Managers in {@code layer} and its parents (plugin jars loaded as modules). */
    public static Discovered discover(ModuleLayer layer) {
        return collect(ServiceLoader.load(layer, HardwareManager.class));
    }

    private static Discovered collect(ServiceLoader<HardwareManager> loader) {
        List<HardwareManager> managers = new ArrayList<>();
        List<ProviderFailure> failures = new ArrayList<>();
        Iterator<ServiceLoader.Provider<HardwareManager>> providers = loader.stream().iterator();
        while (true) {
            ServiceLoader.Provider<HardwareManager> provider;
            try {
                if (!providers.hasNext()) {
                    break;
                }
                provider = providers.next();
            } catch (ServiceConfigurationError e) {
                // A bad META-INF/services line or a class that will not load: note it, keep looking.
                failures.add(new ProviderFailure("(unloadable provider)", describe(e)));
                continue;
            }
            String type = provider.type().getName();
            try {
                managers.add(provider.get());
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                failures.add(new ProviderFailure(type, describe(e)));
            }
        }
        return new Discovered(managers, failures);
    }

    private static String describe(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = error.getMessage();
        if (root != error) {
            message = message + " (caused by " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        return message;
    }
}
