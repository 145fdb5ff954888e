/**
 * Every API operation the SDK calls, by method name: the surface test compares this with the
 * server's OpenAPI document, so the SDK and the API cannot drift apart unnoticed. The Python SDK
 * keeps the same table (cairn_sdk/endpoints.py).
 */
export const ENDPOINTS = {
  listTraces: ['GET', '/api/traces'],
  createTrace: ['POST', '/api/traces'],
  getTrace: ['GET', '/api/traces/{id}'],
  updateTrace: ['PATCH', '/api/traces/{id}'],
  deleteTrace: ['DELETE', '/api/traces/{id}'],
  restoreTrace: ['POST', '/api/traces/{id}/restore'],
  similarTraces: ['GET', '/api/traces/{id}/similar'],
  versions: ['GET', '/api/traces/{id}/versions'],
  restoreVersion: ['POST', '/api/traces/{id}/versions/{version}/restore'],
  supersedeTrace: ['PUT', '/api/traces/{id}/superseded_by'],
  markCurrent: ['DELETE', '/api/traces/{id}/superseded_by'],
  bulkTraces: ['POST', '/api/traces/bulk'],
  search: ['POST', '/api/search'],
  stats: ['GET', '/api/stats'],
  listTags: ['GET', '/api/tags'],
  renameTag: ['PATCH', '/api/tags/{tag}'],
  mergeTags: ['POST', '/api/tags/merge'],
  deleteTag: ['DELETE', '/api/tags/{tag}'],
  exportAccount: ['GET', '/api/account/export'],
  uploadImport: ['POST', '/api/account/import/jobs'],
  listImports: ['GET', '/api/account/import/jobs'],
  getImport: ['GET', '/api/account/import/jobs/{id}'],
  importItems: ['GET', '/api/account/import/jobs/{id}/items'],
  startImport: ['POST', '/api/account/import/jobs/{id}/start'],
  cancelImport: ['POST', '/api/account/import/jobs/{id}/cancel'],
  listProjects: ['GET', '/api/projects'],
  createProject: ['POST', '/api/projects'],
  updateProject: ['PATCH', '/api/projects/{id}'],
  deleteProject: ['DELETE', '/api/projects/{id}'],
  context: ['GET', '/api/context'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * Operations left out on purpose: the web app's own (sign-in, keys, OAuth), GET /api/search (the
 * POST form has the same answer), the one-shot JSON import (the jobs replace it for programs),
 * and deleting the account (never from a script).
 */
export const NOT_IN_SDK = [
  ['GET', '/api/search'],
  ['POST', '/api/account/import'],
  ['DELETE', '/api/account'],
] as const;
