-- The refresh token that replaced this one, sealed (AES-256-GCM) with a key derived from this
-- token itself: only whoever presents the old token can recover it, and only within the
-- rotation grace window. It lets a browser whose refresh response was lost (a reload aborted the
-- request after the server rotated) receive the current token again instead of being signed out
-- ten seconds later by reuse detection (docs/decisions/0004-sessions.md).
ALTER TABLE auth_sessions ADD COLUMN successor_sealed text;
