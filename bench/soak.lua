-- A mixed load for the soak: mostly redirects over the codes in BENCH_PATHS, some creates and some edits (PATCH of
-- a code's URL), paced to BENCH_RATE requests/s per connection (wrk's delay()). Answers other than 2xx/3xx count as
-- wrk's "Non-2xx or 3xx responses".
local paths = {}
local counter = 0

function init(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do
    paths[#paths + 1] = line
  end
  math.randomseed(os.time() + (id or 0) * 7919 + math.floor(os.clock() * 1e6))
  key = os.getenv("BENCH_KEY")
  pause = 1000 / tonumber(os.getenv("BENCH_RATE"))
  creates = tonumber(os.getenv("BENCH_CREATES_PERCENT") or "5")
  edits = tonumber(os.getenv("BENCH_EDITS_PERCENT") or "2")
end

function delay()
  return pause
end

function request()
  counter = counter + 1
  local dice = math.random(100)
  local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key }
  if dice <= creates then
    local body = '{"url":"https://soak.example/' .. math.random(1, 1e9) .. '/' .. counter .. '"}'
    return wrk.format("POST", "/api/v1/links", headers, body)
  elseif dice <= creates + edits then
    local code = paths[math.random(#paths)]
    local body = '{"url":"https://soak.example/edited/' .. math.random(1, 1e9) .. '"}'
    return wrk.format("PATCH", "/api/v1/links/" .. code, headers, body)
  end
  return wrk.format("GET", "/" .. paths[math.random(#paths)])
end
