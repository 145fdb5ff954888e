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
