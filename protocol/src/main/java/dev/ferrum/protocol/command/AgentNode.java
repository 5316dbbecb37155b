package dev.ferrum.protocol.command;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.json.WireValues;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;

/**
 * The node as Ironic puts it in {@code params.node} of every step command: the whole node object
 * with its secrets masked ({@code driver_info} passwords, the config drive, the agent token), so
 * hardware managers written for IPA find every field they read. Free-form dicts stay JSON at this
 * edge; times are Ironic's naive UTC text ({@link #time}); Ironic's database ids and fields a newer
 * Ironic adds are kept in {@code unmodelled}, so a received node re-sends unchanged. Only the uuid is
 * required: older conductors and tests send less, and a field left out stays out.
 */
public record AgentNode(
        String uuid,
        Optional<String> name,
        Optional<String> instanceUuid,
        Optional<String> driver,
        Optional<ObjectNode> driverInfo,
        Optional<ObjectNode> driverInternalInfo,
        Optional<ObjectNode> cleanStep,
        Optional<ObjectNode> deployStep,
        Optional<ObjectNode> raidConfig,
        Optional<ObjectNode> targetRaidConfig,
        Optional<ObjectNode> instanceInfo,
        Optional<ObjectNode> properties,
        Optional<String> reservation,
        Optional<String> conductorGroup,
        Optional<String> powerState,
        Optional<String> targetPowerState,
        Optional<String> provisionState,
        Optional<String> provisionUpdatedAt,
        Optional<String> targetProvisionState,
        Optional<Boolean> maintenance,
        Optional<String> maintenanceReason,
        Optional<String> fault,
        Optional<Boolean> consoleEnabled,
        Optional<String> lastError,
        Optional<String> resourceClass,
        Optional<String> inspectionFinishedAt,
        Optional<String> inspectionStartedAt,
        Optional<ObjectNode> extra,
        Optional<Boolean> automatedClean,
        @JsonProperty("protected") Optional<Boolean> isProtected,
        Optional<String> protectedReason,
        Optional<String> biosInterface,
        Optional<String> bootInterface,
        Optional<String> consoleInterface,
        Optional<String> deployInterface,
        Optional<String> firmwareInterface,
        Optional<String> inspectInterface,
        Optional<String> managementInterface,
        Optional<String> networkInterface,
        Optional<String> powerInterface,
        Optional<String> raidInterface,
        Optional<String> rescueInterface,
        Optional<String> storageInterface,
        Optional<String> vendorInterface,
        Optional<TraitList> traits,
        Optional<String> owner,
        Optional<String> lessee,
        Optional<String> description,
        Optional<Boolean> retired,
        Optional<String> retiredReason,
        Optional<ObjectNode> networkData,
        Optional<String> bootMode,
        Optional<Boolean> secureBoot,
        Optional<String> shard,
        Optional<String> createdAt,
        Optional<String> updatedAt,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unmodelled) {

    // Ironic serialises its naive UTC datetimes with microseconds: 2026-11-22T02:34:08.197656.
    private static final DateTimeFormatter NAIVE_MICROS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS");

    public AgentNode {
        WireValues.requireText(uuid, "node uuid");
        driver = WireValues.orEmpty(driver);
        maintenance = WireValues.orEmpty(maintenance);
        consoleEnabled = WireValues.orEmpty(consoleEnabled);
        isProtected = WireValues.orEmpty(isProtected);
        name = WireValues.orEmpty(name);
        instanceUuid = WireValues.orEmpty(instanceUuid);
        driverInfo = WireValues.orEmpty(driverInfo);
        driverInternalInfo = WireValues.orEmpty(driverInternalInfo);
        cleanStep = WireValues.orEmpty(cleanStep);
        deployStep = WireValues.orEmpty(deployStep);
        raidConfig = WireValues.orEmpty(raidConfig);
        targetRaidConfig = WireValues.orEmpty(targetRaidConfig);
        instanceInfo = WireValues.orEmpty(instanceInfo);
        properties = WireValues.orEmpty(properties);
        reservation = WireValues.orEmpty(reservation);
        conductorGroup = WireValues.orEmpty(conductorGroup);
        powerState = WireValues.orEmpty(powerState);
        targetPowerState = WireValues.orEmpty(targetPowerState);
        provisionState = WireValues.orEmpty(provisionState);
        provisionUpdatedAt = WireValues.orEmpty(provisionUpdatedAt);
        targetProvisionState = WireValues.orEmpty(targetProvisionState);
        maintenanceReason = WireValues.orEmpty(maintenanceReason);
        fault = WireValues.orEmpty(fault);
        lastError = WireValues.orEmpty(lastError);
        resourceClass = WireValues.orEmpty(resourceClass);
        inspectionFinishedAt = WireValues.orEmpty(inspectionFinishedAt);
        inspectionStartedAt = WireValues.orEmpty(inspectionStartedAt);
        extra = WireValues.orEmpty(extra);
        automatedClean = WireValues.orEmpty(automatedClean);
        protectedReason = WireValues.orEmpty(protectedReason);
        biosInterface = WireValues.orEmpty(biosInterface);
        bootInterface = WireValues.orEmpty(bootInterface);
        consoleInterface = WireValues.orEmpty(consoleInterface);
        deployInterface = WireValues.orEmpty(deployInterface);
        firmwareInterface = WireValues.orEmpty(firmwareInterface);
        inspectInterface = WireValues.orEmpty(inspectInterface);
        managementInterface = WireValues.orEmpty(managementInterface);
        networkInterface = WireValues.orEmpty(networkInterface);
        powerInterface = WireValues.orEmpty(powerInterface);
        raidInterface = WireValues.orEmpty(raidInterface);
        rescueInterface = WireValues.orEmpty(rescueInterface);
        storageInterface = WireValues.orEmpty(storageInterface);
        vendorInterface = WireValues.orEmpty(vendorInterface);
        traits = WireValues.orEmpty(traits);
        owner = WireValues.orEmpty(owner);
        lessee = WireValues.orEmpty(lessee);
        description = WireValues.orEmpty(description);
        retired = WireValues.orEmpty(retired);
        retiredReason = WireValues.orEmpty(retiredReason);
        networkData = WireValues.orEmpty(networkData);
        bootMode = WireValues.orEmpty(bootMode);
        secureBoot = WireValues.orEmpty(secureBoot);
        shard = WireValues.orEmpty(shard);
        createdAt = WireValues.orEmpty(createdAt);
        updatedAt = WireValues.orEmpty(updatedAt);
        unmodelled = WireValues.orderedMap(unmodelled);
    }

    /** {@code at} as Ironic writes a node's or port's time: naive UTC with microseconds. */
    public static String time(Instant at) {
        return NAIVE_MICROS.format(LocalDateTime.ofInstant(at, ZoneOffset.UTC));
    }

    /** The same node with another {@code driver_internal_info} (a flow adds the settings agents read there). */
    public AgentNode withDriverInternalInfo(ObjectNode info) {
        return new AgentNode(uuid, name, instanceUuid, driver, driverInfo, Optional.of(info), cleanStep, deployStep, raidConfig,
                targetRaidConfig, instanceInfo, properties, reservation, conductorGroup, powerState, targetPowerState,
                provisionState, provisionUpdatedAt, targetProvisionState, maintenance, maintenanceReason, fault,
                consoleEnabled, lastError, resourceClass, inspectionFinishedAt, inspectionStartedAt, extra,
                automatedClean, isProtected, protectedReason, biosInterface, bootInterface, consoleInterface,
                deployInterface, firmwareInterface, inspectInterface, managementInterface, networkInterface, powerInterface,
                raidInterface, rescueInterface, storageInterface, vendorInterface, traits, owner, lessee,
                description, retired, retiredReason, networkData, bootMode, secureBoot, shard, createdAt, updatedAt,
                unmodelled);
    }
}
