-- POSTs a new link per request and writes each code it gets back to <dir>/codes-<thread>.txt. Every URL is new, also
-- across runs (a nonce per thread and run): a URL the key sent before would be answered with its existing link.
local random_hex = dofile("bench/random_hex.lua")
local counter = 0
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  codes = io.open(os.getenv("BENCH_CODES_DIR") .. "/codes-" .. id .. ".txt", "a")
  codes:setvbuf("line")
  nonce = random_hex()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_KEY")
end

function request()
  counter = counter + 1
  local body = '{"url":"https://example.com/bench/' .. nonce .. '/' .. counter .. '"}'
  return wrk.format(nil, nil, nil, body)
end

function response(status, headers, body)
  if status == 201 then
    local code = body:match('"code":"([^"]+)"')
    if code then codes:write(code, "\n") end
  end
end
