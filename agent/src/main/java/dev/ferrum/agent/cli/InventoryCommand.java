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
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code ferrum-agent inventory}: prints this machine's inventory exactly as the agent posts it, or
 * with {@code --managers} the hardware managers found and how well each supports this machine, or with
 * {@code --interfaces} only the NICs the lookup sends. Declared without annotations (see {@link CommandOptions}).
 */
public final class InventoryCommand implements Callable<Integer> {
    private final CommandSpec spec = CommandOptions.command(this, "inventory",
            "Print this machine's hardware inventory as JSON (the document the agent posts).");

    InventoryCommand() {
        spec.addOption(CommandOptions.flag("--managers",
                "List the hardware managers found, with support level and version."));
        spec.addOption(OptionSpec.builder("--root").paramLabel("DIR").type(Path.class).defaultValue("/")
                .description("Read sys/, proc/, dev/ and etc/ under DIR instead of / (default: ${DEFAULT-VALUE}).")
                .build());
        spec.addOption(CommandOptions.pluginDirectories());
        spec.addOption(OptionSpec.builder("--repeat").paramLabel("N").type(int.class).defaultValue("1")
                .description("Collect N times and print each collection's duration to stderr (for benchmarks and"
                        + " for diagnosing slow hardware); the last inventory is printed.").build());
        spec.addOption(CommandOptions.flag("--interfaces", "Print only the network interfaces, listed as the agent"
                + " lists them for the lookup (without the full inventory's slower sources such as OSHI)."));
    }

    CommandSpec spec() {
        return spec;
    }

    @Override
    public Integer call() {
        int repeat = spec.findOption("--repeat").getValue();
        if (repeat < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--repeat must be at least 1");
        }
        MachineContext machine = new MachineContext(spec.findOption("--root").getValue(), new ProcessCommandRunner());
        var discovered = new PluginLoader(InventoryCommand.class.getClassLoader())
                .discover(spec.findOption("--plugins").getValue());
        HardwareManagerRegistry registry = HardwareManagerRegistry.select(discovered, machine);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (spec.findOption("--managers").<Boolean>getValue()) {
            printManagers(registry, out);
            return 0;
        }
        if (registry.managers().isEmpty()) {
            err.println("error: no hardware manager supports this machine; run 'inventory --managers' to see why");
            registry.failures().forEach(f -> err.println("  " + f.provider() + ": " + f.problem()));
            return 1;
        }
        if (spec.findOption("--interfaces").<Boolean>getValue()) {
            out.println(json(registry.collectNetworkInterfaces()));
            out.flush();
            return 0;
        }
        CollectedInventory collected = repeat > 1 ? collectRepeatedly(registry, repeat, err)
                : registry.collectInventory();
        for (ProviderFailure failure : collected.failures()) {
            err.println("warning: " + failure.provider() + " " + failure.problem());
        }
        out.println(json(collected.inventory()));
        out.flush();
        return 0;
    }

    private static CollectedInventory collectRepeatedly(HardwareManagerRegistry registry, int repeat, PrintWriter err) {
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
