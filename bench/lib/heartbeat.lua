-- wrk script of bench/heartbeat-ab.sh GENERATOR=wrk (WrkBench runs it; the method is in the script's header).
--
-- Arguments after "--": mode ("heartbeat", or "root" for the GET / baseline), the agents file (one
-- "<node uuid> <agent token>" line per agent, as the agents' lookups issued them), the run's tag, and how many
-- wrk threads run. Thread t (1-based) owns the agents whose 0-based line index i has i % threads == t - 1 and
-- sends their heartbeats round robin: its c-th request (0-based) goes to its (c % owned)-th agent. Each
-- heartbeat is the body FleetBench's agents send (callback_url, agent_token, agent_version at 1.68), except
-- that the agent version names the run and c as a PEP 440 local version ("9.4.3+<tag>.<c>"): the conductor
-- records it as the node's agent_version, so after the run WrkBench can check each node holds the last
-- heartbeat sent to it. The callback URL stays the same from heartbeat to heartbeat, as a real agent's does
-- (runs recorded up to 2026-11-27 21:00 UTC carried the request's number in the callback URL instead, and so
-- made the conductor remember a new agent address on every heartbeat, which no real fleet does). done() prints one "wrk-result" line that WrkBench parses.

local threads = {}
local count = 0

function setup(thread)
  count = count + 1
  thread:set("id", count)
  table.insert(threads, thread)
end

function init(args)
  -- wrk hands over its arguments from the URL on (args[0]); keep only the script's own, in order.
  local own = {}
  for i = 0, #args do
    if args[i] ~= nil and args[i] ~= "--" and not args[i]:match("^https?://") then
      table.insert(own, args[i])
    end
  end
  args = own
  mode = args[1]
  sent = 0
  if mode == "root" then
    root = "GET / HTTP/1.1\r\nHost: " .. wrk.host .. ":" .. wrk.port .. "\r\n\r\n"
    return
  end
  local tag, total = args[3], tonumber(args[4])
  heads, prefixes = {}, {}
  local index = 0
  for line in io.lines(args[2]) do
    local node, token = line:match("^(%S+) (%S+)$")
    if index % total == id - 1 then
      table.insert(heads, "POST /v1/heartbeat/" .. node .. " HTTP/1.1\r\nHost: " .. wrk.host .. ":" .. wrk.port
        .. "\r\nX-OpenStack-Ironic-API-Version: 1.68\r\nContent-Type: application/json\r\nAccept: application/json"
        .. "\r\nContent-Length: ")
      -- The body up to the request's number; the version's closing quote and brace follow it.
      table.insert(prefixes, "{\"callback_url\": \"http://127.0.0.1:9999\", \"agent_token\": \"" .. token
        .. "\", \"agent_version\": \"9.4.3+" .. tag .. ".")
    end
    index = index + 1
  end
  owned = #heads
end

function request()
  if mode == "root" then
    sent = sent + 1
    return root
  end
  local agent = sent % owned + 1
  local body = prefixes[agent] .. sent .. "\"}"
  sent = sent + 1
  return heads[agent] .. #body .. "\r\n\r\n" .. body
end

function done(summary, latency, requests)
  local per_thread = {}
  for _, thread in ipairs(threads) do
    table.insert(per_thread, thread:get("id") .. ":" .. thread:get("sent"))
  end
  -- The whole process's CPU time (all threads, in clock ticks): stat fields 14 and 15, after the ")" of field 2.
  local stat = io.open("/proc/self/stat"):read("*a")
  local fields = {}
  for field in stat:sub(stat:find("%)[^)]*$") + 2):gmatch("%S+") do
    table.insert(fields, field)
  end
  local e = summary.errors
  io.write(string.format("wrk-result duration_us=%d responses=%d connect=%d read=%d write=%d status=%d timeout=%d"
    .. " p50_us=%d p90_us=%d p99_us=%d max_us=%d cpu_ticks=%d sent=%s\n", summary.duration, summary.requests,
    e.connect, e.read, e.write, e.status, e.timeout, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, tonumber(fields[12]) + tonumber(fields[13]), table.concat(per_thread, ",")))
end
