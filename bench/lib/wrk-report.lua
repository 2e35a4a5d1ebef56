-- wrk's script for the benchmarks (bench/lib/wrk.ts): the method and body of the call come from
-- the environment, and the run's figures are printed as one JSON line, with wrk's own CPU time
-- (os.clock: the process's user + system time over all its threads) to compare the load
-- generators' cost per response.
local method = os.getenv("WRK_METHOD")
if method then wrk.method = method end
local body = os.getenv("WRK_BODY")
if body then wrk.body = body end

done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"statusErrors":%d,"socketErrors":%d,"cpuSeconds":%.6f,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    os.clock(), latency:percentile(50), latency:percentile(99)))
end
