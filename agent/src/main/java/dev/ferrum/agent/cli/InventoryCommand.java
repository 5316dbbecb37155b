package dev.ferrum.agent.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ferrum.agent.plugin.PluginLoader;
import dev.ferrum.hardware.registry.CollectedInventory;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.ProviderFailure;
import dev.ferrum.hardware.registry.SelectedManager;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.ProcessCommandRunner;
import dev.ferrum.protocol.json.WireJson;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ferrum-agent inventory}: prints this machine's inventory exactly as the agent posts it, or
 * with {@code --managers} the hardware managers found and how well each supports this machine, or with
 * {@code --interfaces} only the NICs the lookup sends.
 */
@Command(name = "inventory", mixinStandardHelpOptions = true,
        description = "Print this machine's hardware inventory as JSON (the document the agent posts).")
public final class InventoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--managers", description = "List the hardware managers found, with support level and version.")
    boolean listManagers;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = "/",
            description = "Read sys/, proc/, dev/ and etc/ under DIR instead of / (default: ${DEFAULT-VALUE}).")
    Path root;

    @Option(names = "--plugins", paramLabel = "DIR", split = ",",
            description = "Also load vendor hardware-manager jars from these directories.")
    List<Path> pluginDirs = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Collect N times and print each collection's duration to stderr (for benchmarks and "
                    + "for diagnosing slow hardware); the last inventory is printed.")
    int repeat;

    @Option(names = "--interfaces", description = "Print only the network interfaces, listed as the agent lists them "
            + "for the lookup (without the full inventory's slower sources such as OSHI).")
    boolean interfacesOnly;

    @Override
    public Integer call() {
        if (repeat < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--repeat must be at least 1");
        }
        MachineContext machine = new MachineContext(root, new ProcessCommandRunner());
        var discovered = new PluginLoader(InventoryCommand.class.getClassLoader()).discover(pluginDirs);
        HardwareManagerRegistry registry = HardwareManagerRegistry.select(discovered, machine);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (listManagers) {
            printManagers(registry, out);
            return 0;
        }
        if (registry.managers().isEmpty()) {
            err.println("error: no hardware manager supports this machine; run 'inventory --managers' to see why");
            registry.failures().forEach(f -> err.println("  " + f.provider() + ": " + f.problem()));
            return 1;
        }
        if (interfacesOnly) {
            out.println(json(registry.collectNetworkInterfaces()));
            out.flush();
            return 0;
        }
        CollectedInventory collected = repeat > 1 ? collectRepeatedly(registry, err) : registry.collectInventory();
        for (ProviderFailure failure : collected.failures()) {
            err.println("warning: " + failure.provider() + " " + failure.problem());
        }
        out.println(json(collected.inventory()));
        out.flush();
        return 0;
    }

    private CollectedInventory collectRepeatedly(HardwareManagerRegistry registry, PrintWriter err) {
        CollectedInventory last = null;
        for (int run = 1; run <= repeat; run++) {
            long started = System.nanoTime();
            last = registry.collectInventory();
            err.printf("collection %d: %.3f ms%n", run, (System.nanoTime() - started) / 1e6);
        }
        err.flush();
        return last;
    }

    private static void printManagers(HardwareManagerRegistry registry, PrintWriter out) {
        out.printf("%-24s %-10s %s%n", "MANAGER", "SUPPORT", "VERSION");
        for (SelectedManager selected : registry.managers()) {
            out.printf("%-24s %-10s %s%n", selected.name(), selected.support(), selected.manager().version());
        }
        for (String name : registry.unsupported()) {
            out.printf("%-24s %-10s %s%n", name, "NONE", "(does not support this machine)");
        }
        for (ProviderFailure failure : registry.failures()) {
            out.printf("%-24s %-10s %s%n", failure.provider(), "FAILED", failure.problem());
        }
        out.flush();
    }

    private static String json(Object value) {
        ObjectMapper mapper = WireJson.newMapper().enable(SerializationFeature.INDENT_OUTPUT);
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot serialise the inventory", e);
        }
    }
}
