package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddressReader;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.hardware.spi.BmcCredentialsWriter;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.InventoryContributor;
import dev.ferrum.hardware.spi.LldpCollector;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.json.WireJson;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The managers selected for this machine, best-supported first (support descending, then name),
 * and the two ways of asking them: the first that can answer, or all of them. Managers that claim
 * NONE, or fail while evaluating or initialising, are not selected; they are kept for reporting.
 * Steps are merged here and run through their declarations, with {@link StepJson} doing the JSON.
 */
public final class HardwareManagerRegistry {
    private static final System.Logger LOG = System.getLogger(HardwareManagerRegistry.class.getName());
    private static final Comparator<SelectedManager> BEST_FIRST = Comparator
            .comparing(SelectedManager::support).reversed()
            .thenComparing(SelectedManager::name);
    private static final Comparator<OwnedStep> STEP_ORDER = Comparator
            .comparing(OwnedStep::support).reversed()
            .thenComparing(Comparator.comparingInt((OwnedStep s) -> s.step().priority()).reversed())
            .thenComparing(s -> s.step().step());

    private final MachineContext machine;
    private final List<SelectedManager> selected;
    private final List<String> unsupported;
    private final List<ProviderFailure> failures;
    private final ObjectMapper json = WireJson.newMapper();
    private final StepJson stepJson = new StepJson(json);

    private HardwareManagerRegistry(MachineContext machine, List<SelectedManager> selected, List<String> unsupported,
            List<ProviderFailure> failures) {
        this.machine = machine;
        this.selected = List.copyOf(selected);
        this.unsupported = List.copyOf(unsupported);
        this.failures = List.copyOf(failures);
    }

    /**
     * Evaluates every discovered manager against {@code machine}, drops those with NONE support,
     * orders the rest and initialises them in that order.
     */
    public static HardwareManagerRegistry select(HardwareManagerDiscovery.Discovered discovered, MachineContext machine) {
        List<ProviderFailure> failures = new ArrayList<>(discovered.failures());
        List<SelectedManager> candidates = new ArrayList<>();
        List<String> unsupported = new ArrayList<>();
        for (HardwareManager manager : discovered.managers()) {
            try {
                SupportLevel support = manager.evaluateSupport(machine);
                if (support == null || support == SupportLevel.NONE) {
                    unsupported.add(manager.name());
                } else {
                    candidates.add(new SelectedManager(manager, support));
                }
            } catch (RuntimeException | LinkageError e) {
                failures.add(failure(manager, "evaluating support", e));
            }
        }
        candidates.sort(BEST_FIRST);
        List<SelectedManager> selected = new ArrayList<>();
        for (SelectedManager candidate : candidates) {
            try {
                candidate.manager().initialise(machine);
                selected.add(candidate);
            } catch (RuntimeException | LinkageError e) {
                failures.add(failure(candidate.manager(), "initialising", e));
            }
        }
        return new HardwareManagerRegistry(machine, selected, unsupported, failures);
    }

    private static ProviderFailure failure(HardwareManager manager, String during, Throwable e) {
        LOG.log(System.Logger.Level.WARNING, "hardware manager " + manager.name() + " failed while " + during, e);
        return new ProviderFailure(manager.getClass().getName(), "failed while " + during + ": " + e);
    }

    /** The selected managers, best-supported first. */
    public List<SelectedManager> managers() {
        return selected;
    }

    /** Names of discovered managers that do not support this machine. */
    public List<String> unsupported() {
        return unsupported;
    }

    /** Providers that could not be loaded, evaluated or initialised. */
    public List<ProviderFailure> failures() {
        return failures;
    }

    public MachineContext machine() {
        return machine;
    }

    /**
     * Asks the managers implementing {@code capability}, best first, until one answers.
     *
     * @param what what is being asked, for the error message ("read the BMC address")
     * @throws NoManagerCouldException listing every manager and its reason when none answers
     */
    public <C, T> Dispatched<T> dispatchFirst(Class<C> capability, String what, Function<C, Answer<T>> call) {
        List<NoManagerCouldException.Declination> declinations = new ArrayList<>();
        for (SelectedManager candidate : selected) {
            if (!capability.isInstance(candidate.manager())) {
                declinations.add(new NoManagerCouldException.Declination(candidate.name(),
                        "does not implement " + capability.getSimpleName()));
                continue;
            }
            Answer<T> answer = call.apply(capability.cast(candidate.manager()));
            switch (answer) {
                case Answer.Answered<T> answered -> {
                    return new Dispatched<>(answered.value(), candidate.name());
                }
                case Answer.Declined<T> declined ->
                        declinations.add(new NoManagerCouldException.Declination(candidate.name(), declined.reason()));
            }
        }
        throw new NoManagerCouldException(what, declinations);
    }

    /** Asks every manager implementing {@code capability}, best first, and returns every answer given. */
    public <C, T> List<Dispatched<T>> dispatchAll(Class<C> capability, Function<C, Answer<T>> call) {
        List<Dispatched<T>> answers = new ArrayList<>();
        for (SelectedManager candidate : selected) {
            if (capability.isInstance(candidate.manager())
                    && call.apply(capability.cast(candidate.manager())) instanceof Answer.Answered<T> answered) {
                answers.add(new Dispatched<>(answered.value(), candidate.name()));
            }
        }
        return answers;
    }

    /**
     * Sets a BMC user in band with the best-supported manager that can ({@link BmcCredentialsWriter}), and
     * returns its name; when none can, the exception lists every manager's reason.
     *
     * @throws HardwareManagerException when no manager could, or the one that tried failed
     */
    public String setBmcCredentials(BmcCredentials credentials) {
        List<String> declines = new ArrayList<>();
        for (SelectedManager candidate : selected) {
            if (candidate.manager() instanceof BmcCredentialsWriter writer) {
                switch (writer.setBmcCredentials(machine, credentials)) {
                    case Answer.Answered<NoResult> done -> {
                        return candidate.name();
                    }
                    case Answer.Declined<NoResult> declined -> declines.add(candidate.name() + ": " + declined.reason());
                }
            }
        }
        throw new HardwareManagerException("No hardware manager could set BMC user " + credentials.username()
                + (declines.isEmpty() ? ": none offers it" : ": " + String.join("; ", declines)));
    }

    /**
     * The raw LLDP TLVs heard per interface, from the best-supported manager that can listen
     * ({@link LldpCollector}); empty, with the reasons logged, when none can.
     */
    public Map<String, List<LldpCollector.Tlv>> collectLldp(List<String> interfaces) {
        List<String> declines = new ArrayList<>();
        for (SelectedManager candidate : selected) {
            if (candidate.manager() instanceof LldpCollector collector) {
                switch (collector.collectLldp(machine, interfaces)) {
                    case Answer.Answered<Map<String, List<LldpCollector.Tlv>>> heard -> {
                        return heard.value();
                    }
                    case Answer.Declined<Map<String, List<LldpCollector.Tlv>>> declined ->
                            declines.add(candidate.name() + ": " + declined.reason());
                }
            }
        }
        LOG.log(System.Logger.Level.WARNING, "no LLDP collected" + (declines.isEmpty() ? ": no manager listens"
                : ": " + String.join("; ", declines)));
        return Map.of();
    }

    /**
     * Builds the inventory from every contributor, best first, then fills the BMC section from the
     * first {@link BmcAddressReader} that answers if no contributor did. A contributor that throws
     * is reported in the result and the rest still contribute.
     */
    public CollectedInventory collectInventory() {
        InventoryAssembly draft = new InventoryAssembly(json);
        List<ProviderFailure> contributionFailures = new ArrayList<>();
        for (SelectedManager candidate : selected) {
            draft.startContribution(candidate.name());
            try {
                if (candidate.manager() instanceof InventoryContributor contributor) {
                    contributor.contribute(draft, machine);
                }
                if (!draft.has("bmc") && candidate.manager() instanceof BmcAddressReader reader
                        && reader.readBmcAddresses(machine) instanceof Answer.Answered<BmcAddresses> bmc) {
                    draft.offerBmc(bmc.value());
                }
            } catch (RuntimeException | LinkageError e) {
                // A LinkageError is a plugin built against another SPI version: report it like any failure.
                contributionFailures.add(failure(candidate.manager(), "contributing to the inventory", e));
            }
        }
        return new CollectedInventory(draft.build(), draft.contributors(), contributionFailures);
    }

    /**
     * The interfaces section alone, chosen as {@link #collectInventory} chooses it (best contributor
     * first) but through {@link InventoryContributor#contributeInterfaces}, so the lookup gets its MACs
     * without waiting for the full inventory's slower sources. A contributor that throws is logged and
     * the next one answers.
     */
    public List<NetworkInterface> collectNetworkInterfaces() {
        InventoryAssembly draft = new InventoryAssembly(json);
        for (SelectedManager candidate : selected) {
            draft.startContribution(candidate.name());
            try {
                if (candidate.manager() instanceof InventoryContributor contributor) {
                    contributor.contributeInterfaces(draft, machine);
                }
            } catch (RuntimeException | LinkageError e) {
                failure(candidate.manager(), "listing network interfaces", e); // logs it
            }
        }
        return draft.build().interfaces();
    }

    /**
     * Lets every contributor prepare the full inventory's sources (see
     * {@link InventoryContributor#prepareInventory}); runs on the caller's thread. A failure is only
     * logged: the inventory then starts the source itself, and reports what fails there.
     */
    public void prepareInventory() {
        for (SelectedManager candidate : selected) {
            try {
                if (candidate.manager() instanceof InventoryContributor contributor) {
                    contributor.prepareInventory(machine);
                }
            } catch (RuntimeException | LinkageError e) {
                failure(candidate.manager(), "preparing the inventory", e); // logs it
            }
        }
    }

    /**
     * The steps of {@code kind} from every manager, one per step name (the best-supported manager's,
     * then the highest priority), ordered by support, priority (both descending) and name.
     */
    public List<OwnedStep> steps(StepKind kind) {
        Map<String, OwnedStep> byName = new LinkedHashMap<>();
        for (SelectedManager candidate : selected) {
            if (candidate.manager() instanceof StepProvider provider) {
                for (Object listed : provider.steps(kind)) {
                    if (!(listed instanceof Step<?, ?> step)) {
                        // A jar built against the SPI before typed steps lists wire dicts; its steps
                        // cannot run, so they are left out rather than failing every listing.
                        LOG.log(System.Logger.Level.WARNING, "hardware manager " + candidate.name() + " offers "
                                + listed.getClass().getName() + " instead of typed steps; rebuild it against"
                                + " this agent's ferrum-hardware-manager-spi");
                        continue;
                    }
                    OwnedStep owned = new OwnedStep(stepJson.wire(step), candidate.name(), candidate.support(), step);
                    byName.merge(step.name(), owned, (kept, offered) -> STEP_ORDER.compare(offered, kept) < 0 ? offered : kept);
                }
            }
        }
        return byName.values().stream().sorted(STEP_ORDER).toList();
    }

    /** The merged step named {@code stepName}, if any manager offers it. */
    public Optional<OwnedStep> findStep(StepKind kind, String stepName) {
        return steps(kind).stream().filter(s -> s.step().step().equals(stepName)).findFirst();
    }

    /**
     * Runs a step through the manager that owns it after merging: its arguments are read into the
     * step's record and its result comes back as JSON ({@code NullNode} when it reports none).
     *
     * @throws NoManagerCouldException when no manager offers the step; it names the steps offered
     * @throws dev.ferrum.hardware.spi.StepArgumentException when the arguments do not fit the step
     */
    public Dispatched<JsonNode> executeStep(StepKind kind, String stepName, ObjectNode node, ObjectNode arguments,
            JsonProgress progress) {
        OwnedStep owned = findStep(kind, stepName).orElseThrow(() -> new NoManagerCouldException(
                "run " + kind.name().toLowerCase(java.util.Locale.ROOT) + " step '" + stepName + "'",
                selected.stream().map(m -> new NoManagerCouldException.Declination(m.name(), offered(m, kind))).toList()));
        return new Dispatched<>(stepJson.run(owned.declared(), node, arguments, machine, progress), owned.manager());
    }

    private static String offered(SelectedManager manager, StepKind kind) {
        if (!(manager.manager() instanceof StepProvider provider)) {
            return "offers no steps";
        }
        List<?> listed = provider.steps(kind);
        return "offers " + listed.stream().map(s -> s instanceof Step<?, ?> step ? step.name() : "(untyped " + s + ")")
                .toList();
    }
}
