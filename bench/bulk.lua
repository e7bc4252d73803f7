-- POSTs bulk creates of BENCH_ITEMS links each, every URL new, also across runs (a nonce per thread and run, as in
-- create.lua)
local random_hex = dofile("bench/random_hex.lua")
local counter = 0

function init(args)
  items = tonumber(os.getenv("BENCH_ITEMS") or "1000")
  nonce = random_hex()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_KEY")
end

function request()
  local parts = {}
  for i = 1, items do
    counter = counter + 1
    parts[i] = '{"url":"https://example.com/bulk/' .. nonce .. '/' .. counter .. '"}'
  end
  return wrk.format(nil, nil, nil, "[" .. table.concat(parts, ",") .. "]")
end
