-- API keys can carry an expiry date (docs/decisions/0027-key-expiry-and-sessions.md). NULL means
-- the key never expires, as every key made before this migration. An expired key is refused with
-- 401 `api_key_expired` (not the bare 401 of an unknown key), is still listed so its owner sees
-- why a script stopped, and can be given a later date or revoked. Authentication finds a key by
-- its hash (unique index, 0003) and reads expires_at from that one row, so no new index is needed.
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz;
