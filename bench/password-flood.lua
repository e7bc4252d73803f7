-- POSTs a wrong password to the path in BENCH_PATH, with BENCH_SPREAD=1 each from another made-up client address (Fuxi
-- trusts 127.0.0.1 as a proxy in this run), so that no throttle turns the guesses away before they are checked; else
-- all from one address, which the throttle soon turns away unchecked. Prints how many got each status.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + (id or 0))
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      io.write(string.format("status %d: %d\n", status, count))
    end
  end
end

function request()
  local address = "10.0.0.1"
  if os.getenv("BENCH_SPREAD") == "1" then
    address = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
  end
  return wrk.format("POST", os.getenv("BENCH_PATH"), {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-Forwarded-For"] = address,
  }, "password=not-the-password-" .. math.random(1, 1000000))
end
