import { forbidden } from './errors.js';

export const SCOPES = ['read:traces', 'write:traces'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Who is calling, whatever the credential: every way in (web session, API key, OAuth token)
 * becomes one of these at the edge, and services take it as their first argument.
 */
export type Principal = {
  userId: string;
  via: 'session' | 'api_key' | 'oauth';
  scopes: readonly Scope[];
  /** The session family, API key id or OAuth token id that authenticated this request. */
  credentialId: string;
  /** The OAuth client, when via is 'oauth'. */
  clientId?: string;
  /**
   * Set when the credential is limited to one project (an API key made for it, or an OAuth grant
   * the person limited on the consent screen; ADR 0029): it then sees and touches only that
   * project's traces, and its creates land there.
   */
  project?: { id: string; name: string };
};

/** A program or assistant, as opposed to the owner in the web app (spec: access_count counts these). */
export function isAssistant(principal: Principal): boolean {
  return principal.via !== 'session';
}

export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope);
}

/** 403 (not 401) when the credential is valid but lacks the permission: asking again with the same credential cannot help. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!hasScope(principal, scope)) {
    throw forbidden(`This credential lacks the ${scope} permission`, 'insufficient_scope');
  }
}

/**
 * Some things only the person may do, in the web app: manage keys and OAuth clients, approve
 * access, change the password, export or delete the account. An assistant holding an API key or
 * an OAuth token must never mint itself credentials or take the whole account: 403.
 */
export function requireSession(principal: Principal, message: string): void {
  if (principal.via !== 'session') throw forbidden(message, 'session_required');
}

/**
 * What works across the whole account (tags, stats, bulk actions, near-duplicates across
 * projects) is refused to a project-limited credential: 403, so nothing outside its project is
 * seen or touched (ADR 0029).
 */
export function requireWholeAccount(principal: Principal): void {
  if (principal.project) {
    throw forbidden(
      `This credential is limited to project "${principal.project.name}" and cannot use this`,
      'project_limited',
    );
  }
}
