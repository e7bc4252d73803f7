-- POSTs bulk creates of BENCH_ITEMS links each, every URL unique
local counter = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  items = tonumber(os.getenv("BENCH_ITEMS") or "1000")
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_KEY")
end

function request()
  local parts = {}
  for i = 1, items do
    counter = counter + 1
    parts[i] = '{"url":"https://example.com/bulk/' .. id .. '/' .. counter .. '"}'
  end
  return wrk.format(nil, nil, nil, "[" .. table.concat(parts, ",") .. "]")
end
