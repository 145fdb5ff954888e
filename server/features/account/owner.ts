import { forbidden } from '../../http/errors.js';
import { type Principal, requireWholeAccount } from '../../http/principal.js';

/**
 * Export and import belong to the person: signed in to the web app, or through an API key they
 * made for their own scripts (the SDKs). An assistant's OAuth token must never carry the account
 * off in one call (docs/decisions/0019-import-export-formats.md), nor a key limited to a project.
 */
export function requireOwner(principal: Principal, message: string): void {
  if (principal.via === 'oauth') throw forbidden(message, 'session_required');
  // A key limited to one project (ADR 0029) carries nothing of the account outside it.
  requireWholeAccount(principal);
}
