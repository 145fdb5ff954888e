-- An OAuth grant may be limited to one project, chosen on the consent screen (least privilege,
-- docs/decisions/0029-projects.md), as an API key can since 0040. The code carries the choice from
-- the consent page to the token exchange, which copies it to the access and refresh tokens; a
-- refresh copies it again. NULL is the whole account: every grant made before this stays so.
-- The foreign keys are composite, like api_keys', so a grant can only name its owner's project,
-- and they cascade: deleting the project deletes its codes and tokens, so a grant for a project
-- that no longer exists stops working (401) instead of becoming a whole-account grant.
ALTER TABLE oauth_codes ADD COLUMN project_id uuid;
ALTER TABLE oauth_codes ADD CONSTRAINT oauth_codes_project_fkey FOREIGN KEY (user_id, project_id)
  REFERENCES projects (user_id, id) ON DELETE CASCADE;

ALTER TABLE oauth_tokens ADD COLUMN project_id uuid;
ALTER TABLE oauth_tokens ADD CONSTRAINT oauth_tokens_project_fkey FOREIGN KEY (user_id, project_id)
  REFERENCES projects (user_id, id) ON DELETE CASCADE;
