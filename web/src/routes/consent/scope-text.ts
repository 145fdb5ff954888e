import type { OAuthScope } from '../../../../contract/oauth.js';

/** What each permission lets an assistant do, in the words the consent page uses. */
export const SCOPE_TEXT: Record<OAuthScope, { title: string; detail: string }> = {
  'read:traces': {
    title: 'Read your memories',
    detail: 'Search and open your traces.',
  },
  'write:traces': {
    title: 'Save and change memories',
    detail: 'Create, edit and delete traces.',
  },
};

/**
 * What the assistant will be able to see, as the consent page says it under "Access to": the
 * whole account, or one project only (ADR 0029: a limited grant sees no personal memories).
 */
export function accessSummary(project: string | null): string {
  return project === null
    ? 'All your memories: the personal ones and those in every project.'
    : `Only memories in project ${project}: not your personal memories or other projects. What it saves goes into ${project}.`;
}
