-- GETs a random path from the file named by BENCH_PATHS, one per line
local paths = {}

function init(args)
  for line in io.lines(os.getenv("BENCH_PATHS")) do
    paths[#paths + 1] = "/" .. line
  end
  math.randomseed(os.time() + (id or 0))
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
