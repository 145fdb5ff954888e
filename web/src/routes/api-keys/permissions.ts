import type { ApiKeyPermission } from '../../../../contract/api-keys.js';

/** What each permission lets a key do, in the words of the MCP tools. */
export const PERMISSION_LABELS: Record<ApiKeyPermission, string> = {
  'read:traces': 'Search and read your traces',
  'write:traces': 'Create, update and delete traces',
};
