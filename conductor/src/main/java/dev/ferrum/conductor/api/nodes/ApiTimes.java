package dev.ferrum.conductor.api.nodes;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * Times as Ironic writes them (Python's {@code isoformat()} of an aware UTC datetime):
 * {@code 2026-11-22T02:19:35.598981+00:00}, the fraction left out when it is zero.
 */
public final class ApiTimes {
    private static final DateTimeFormatter WITH_MICROS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'+00:00'");
    private static final DateTimeFormatter WHOLE_SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'+00:00'");

    private ApiTimes() {
    }

    public static String format(Instant instant) {
        Instant micros = instant.truncatedTo(ChronoUnit.MICROS);
        var utc = micros.atOffset(ZoneOffset.UTC);
        return (micros.getNano() == 0 ? WHOLE_SECONDS : WITH_MICROS).format(utc);
    }
}
