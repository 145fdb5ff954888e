export {
  Cairn,
  parseRetryAfter,
  type CairnOptions,
  type ExportFormat,
  type ImportBody,
  type ListOptions,
} from './client.js';
export { ENDPOINTS } from './endpoints.js';
export {
  AuthenticationError,
  CairnConnectionError,
  CairnError,
  ConflictError,
  KeyExpiredError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './errors.js';
export type { AccountExport, ImportJob, ImportJobItem } from '../../../contract/account.js';
export type { SearchRequest, SearchResponse, SearchResult } from '../../../contract/search.js';
export type { BriefingItem, ContextResponse } from '../../../contract/context.js';
export type {
  CreateProjectRequest,
  DeleteProjectResponse,
  Project,
  ProjectList,
  UpdateProjectRequest,
} from '../../../contract/projects.js';
export type { TraceVersion, TraceVersionList } from '../../../contract/history.js';
export type { ActorKind, TraceActor } from '../../../contract/provenance.js';
export type { TagChangeResponse, TagCount } from '../../../contract/tags.js';
export type {
  CreateTraceRequest,
  CreateTraceResponse,
  StatsResponse,
  Trace,
  TraceDetail,
  TraceListResponse,
  UpdateTraceRequest,
} from '../../../contract/traces.js';
