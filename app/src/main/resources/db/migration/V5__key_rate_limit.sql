-- A key's own rate limit in requests per minute; NULL: fuxi.api.rate-limit.per-key.
ALTER TABLE api_key ADD COLUMN rate_limit_per_minute INT NULL;
