package dev.ferrum.conductor.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.flow.ConductorFlows;
import dev.ferrum.conductor.inspection.InspectionConfig;
import dev.ferrum.conductor.inspection.InspectionProcessor;
import dev.ferrum.conductor.inspection.InspectionService;
import dev.ferrum.conductor.inspection.ProcessingHooks;
import dev.ferrum.conductor.inspection.rules.RuleBook;
import dev.ferrum.conductor.inspection.rules.RulesService;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.util.List;

/**
 * The conductor's inspection routes, built from its inspection settings: the ramdisk's callback (with
 * the enrolling driver, processing hooks and BMC-credential setup asked for) and the rules API, which
 * share one rule book.
 *
 * @param callback the ramdisk's inspection callback and the introspection API
 * @param rules {@code /v1/rules}
 * @param processor what processes reports, which a takeover also finishes inspections with
 */
record InspectionServices(InspectionService callback, RulesService rules, InspectionProcessor processor) {
    static InspectionServices create(InspectSettings settings, String conductor, Endpoints endpoints, Store store,
            DriverRegistry drivers, ConductorFlows flows, Clock clock, ObjectMapper json) {
        InspectionConfig inspection = settings.enrollDriver().map(driver -> {
            // Refused at start, not when the first unknown machine reports: the driver must be enabled here.
            drivers.resolve(driver, NodeInterfaces.none());
            return InspectionConfig.defaults().enrollingWith(driver);
        }).orElse(InspectionConfig.defaults()).withHooks(settings.hooks());
        if (settings.settingIpmiCredentials()) {
            inspection = inspection.settingIpmiCredentials(InspectionConfig.DEFAULT_CREDENTIAL_CHECK_TIMEOUT);
        }
        RuleBook rules = new RuleBook(store.inspectionRules(), settings.rulesFile()
                .map(file -> RuleBook.readBuiltIn(file, json)).orElse(List.of()));
        InspectionProcessor processor = new InspectionProcessor(store, drivers, conductor, clock, inspection,
                ProcessingHooks.load(inspection.hooks(), settings.hookOptions()), flows::submit, rules);
        return new InspectionServices(new InspectionService(endpoints, store, flows, processor),
                new RulesService(endpoints, rules), processor);
    }
}
