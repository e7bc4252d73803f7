-- random_hex(): 16 hex digits from /dev/urandom, for the per-run nonces of create.lua and bulk.lua (wrk's
-- math.random repeats the same numbers in every run). Loaded with dofile from the repository's root, where the bench
-- scripts run wrk.
return function()
  local urandom = assert(io.open("/dev/urandom", "rb"))
  local bytes = urandom:read(8)
  urandom:close()
  return (bytes:gsub(".", function(byte) return string.format("%02x", byte:byte()) end))
end
