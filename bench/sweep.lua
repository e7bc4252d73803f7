-- GETs the paths of the file named by BENCH_PATHS in order, from line BENCH_FROM + 1 (0), then starts over: run after
-- run, with BENCH_FROM set to the requests made so far, fills a cache with all of them
local paths = {}
local at = 0

function init(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do
    paths[#paths + 1] = "/" .. line
  end
  at = tonumber(os.getenv("BENCH_FROM") or "0") % #paths
end

function request()
  at = at % #paths + 1
  return wrk.format("GET", paths[at])
end
