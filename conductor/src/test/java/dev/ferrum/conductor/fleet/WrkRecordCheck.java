package dev.ferrum.conductor.fleet;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Whether the conductor recorded what wrk's run was answered 202 for, node by node. bench/lib/heartbeat.lua's
 * thread t (1-based, of {@code threads}) sends the heartbeats of agents t-1, t-1+threads, ... round robin, and the
 * c-th request it builds carries the agent version {@code 9.4.3+<tag>.<c>}; the conductor records it as the node's
 * agent_version. A node's requests are hundreds apart while at most a connection's worth are in flight, so they
 * reach the conductor one after the other: the recorded version must be the last one sent to the node,
 * or, where that last request was still in flight when wrk stopped (at most {@link WrkResult#unanswered} nodes),
 * the one before it, which was answered 202. Anything else is a heartbeat answered 202 and not recorded.
 */
record WrkRecordCheck(long atLast, long atPrevious, long wrong, long notSent, Optional<String> example) {

    static WrkRecordCheck of(List<FleetAgent> agents, int threads, String tag, WrkResult result,
                             Map<UUID, String> recordedVersions) {
        long atLast = 0;
        long atPrevious = 0;
        long wrong = 0;
        long notSent = 0;
        Optional<String> example = Optional.empty();
        for (int t = 1; t <= threads; t++) {
            int owned = (agents.size() - (t - 1) + threads - 1) / threads;
            long sent = result.sent().getOrDefault(t, 0L);
            for (int j = 0; j < owned; j++) {
                FleetAgent agent = agents.get(j * threads + (t - 1));
                if (sent <= j) {
                    notSent++;
                    continue;
                }
                long last = j + owned * ((sent - 1 - j) / owned);
                String recorded = recordedVersions.getOrDefault(agent.node(), "");
                if (recorded.equals(version(tag, last))) {
                    atLast++;
                } else if (last >= owned && recorded.equals(version(tag, last - owned))) {
                    atPrevious++;
                } else {
                    wrong++;
                    if (example.isEmpty()) {
                        example = Optional.of(String.format(Locale.ROOT, "node %s: recorded \"%s\", last sent %s",
                                agent.node(), recorded, version(tag, last)));
                    }
                }
            }
        }
        return new WrkRecordCheck(atLast, atPrevious, wrong, notSent, example);
    }

    static String version(String tag, long request) {
        return "9.4.3+" + tag + "." + request;
    }

    /** Every node heartbeated in the run holds its last 202's heartbeat; no more are a step behind than were in flight. */
    boolean allRecorded(WrkResult result) {
        return wrong == 0 && atPrevious <= result.unanswered();
    }

    String describe(WrkResult result) {
        return allRecorded(result)
                ? String.format(Locale.ROOT, "all: %d at last sent, %d one before (%d in flight at stop)", atLast,
                        atPrevious, result.unanswered())
                : String.format(Locale.ROOT, "NOT ALL: %d wrong, %d one before with %d in flight; %s", wrong, atPrevious,
                        result.unanswered(), example.orElse(""));
    }
}
