-- wrk script: every request goes to the next path of a file (one path a line), so the load
-- rotates over all the checks; each thread starts at its own offset so threads do not ping the
-- same check at the same moment. At the end it prints one JSON line (prefixed "WRK_RESULT ")
-- that the benchmark parses: counts, errors and the latency distribution in microseconds.
-- Usage: wrk -t <threads> -s rotate-paths.lua <url> -- <paths file> <threads>

local counter = 0

function setup(thread)
  thread:set("index", counter)
  counter = counter + 1
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  -- "index" is set by setup() before the thread starts: spread the threads' start points.
  pos = math.floor(index * #paths / tonumber(args[2])) % #paths
end

function request()
  pos = pos % #paths + 1
  return wrk.format(nil, paths[pos])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean))
end
