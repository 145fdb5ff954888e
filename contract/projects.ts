import { z } from 'zod';

/**
 * Projects (docs/decisions/0029-projects.md): a trace belongs to at most one project of its owner
 * (a repository or workspace, e.g. `acme/api`); one with none is personal and visible in every
 * project. These schemas are the single source for validation, answers and the OpenAPI document.
 */

/** Size limits, enforced by the server (and the database's checks), never truncated. */
export const PROJECT_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  /** Projects per person, archived ones included: a name per repository is far below this. */
  perUserMax: 500,
} as const;

/**
 * The value of `project` that reaches every project at once (MCP search, context and the REST
 * search): an assistant asks for it; leaving `project` out means the same outside a project.
 */
export const ALL_PROJECTS = '*';

/**
 * The value of `project` that reaches the personal traces only (those in no project): the empty
 * name, which no project can have (names are trimmed and at least one character long; every other
 * printable spelling, `none` or `-` say, may be someone's project). The web app's "Personal only".
 */
export const PERSONAL_ONLY = '';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A project's name as people type it: trimmed, 1–100 characters, no control characters, not `*`. */
export const ProjectName = z
  .string({ error: 'Project name must be text' })
  .trim()
  .min(1, 'Project name is required')
  .max(PROJECT_LIMITS.nameMax, `Project name must be at most ${PROJECT_LIMITS.nameMax} characters`)
  .refine((s) => !CONTROL_CHARS.test(s), 'Project name cannot contain control characters')
  .refine((s) => s !== ALL_PROJECTS, `"${ALL_PROJECTS}" means every project and cannot be a name`);

const Description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(
    PROJECT_LIMITS.descriptionMax,
    `Description must be at most ${PROJECT_LIMITS.descriptionMax} characters`,
  )
  .refine((s) => !s.includes('\u0000'), 'Description cannot contain a NUL character');

export const ProjectSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    archived: z.boolean(),
    archived_at: z.string().nullable().describe('ISO 8601; null while the project is in use'),
    trace_count: z.number().int().describe('Active traces in the project (personal ones not counted)'),
    created_at: z.string().describe('ISO 8601'),
    updated_at: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectList = z
  .object({
    projects: z.array(ProjectSchema),
    personal_count: z.number().int().describe('Active personal traces (in no project)'),
  })
  .meta({ id: 'ProjectList' });
export type ProjectList = z.infer<typeof ProjectList>;

export const ListProjectsQuery = z.object({
  archived: z
    .enum(['true', 'false', '1', '0'], { message: 'archived must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('Include archived projects (default false)'),
});

export const CreateProjectRequest = z
  .object({ name: ProjectName, description: Description.nullish() })
  .meta({ id: 'CreateProjectRequest' });
export type CreateProjectRequest = z.input<typeof CreateProjectRequest>;

export const UpdateProjectRequest = z
  .object({
    name: ProjectName.optional(),
    description: Description.nullable().optional(),
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  })
  .refine((o) => Object.keys(o).length > 0, {
    message: 'Nothing to update: send name, description or archived',
  })
  .meta({ id: 'UpdateProjectRequest' });
export type UpdateProjectRequest = z.input<typeof UpdateProjectRequest>;

export const ProjectIdParams = z.object({ id: z.string().max(100).describe('Project id (UUID)') });

/** What happens to a deleted project's traces: they become personal, or are deleted (restorable for 30 days). */
export const DeleteProjectQuery = z.object({
  traces: z
    .enum(['personal', 'delete'], { error: 'traces must be personal or delete' })
    .default('personal')
    .describe(
      'personal (the default, nothing is lost): its traces stay, in no project; delete: its traces are deleted (restorable for 30 days, as one by one)',
    ),
});

export const DeleteProjectResponse = z.object({
  deleted: z.literal(true),
  traces: z.number().int().describe('How many active traces were moved to personal or deleted'),
});
export type DeleteProjectResponse = z.infer<typeof DeleteProjectResponse>;
