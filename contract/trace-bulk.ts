import { z } from 'zod';
import { ProjectName } from './projects.js';
import { Category, OneTag } from './traces.js';

/** At most this many traces in one bulk request (one page of the list is at most 100). */
export const BULK_MAX_IDS = 100;

const Ids = z
  .array(z.string().max(100), { error: 'ids must be a list of trace ids' })
  .min(1, 'ids must name at least one trace')
  .max(BULK_MAX_IDS, `ids can name at most ${BULK_MAX_IDS} traces`)
  .transform((ids) => [...new Set(ids)]);
const Tag = OneTag('tag');

export const BulkTracesRequest = z
  .discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('delete'), ids: Ids }),
      z.object({ action: z.literal('restore'), ids: Ids }),
      z.object({ action: z.literal('set_category'), ids: Ids, category: Category }),
      z.object({ action: z.literal('add_tag'), ids: Ids, tag: Tag }),
      z.object({ action: z.literal('remove_tag'), ids: Ids, tag: Tag }),
      z.object({
        action: z.literal('move_to_project'),
        ids: Ids,
        project: ProjectName.nullable().describe(
          'The name of one of your projects, or null: personal. An unknown name is refused (400), not created',
        ),
      }),
    ],
    {
      error: 'action must be one of delete, restore, set_category, add_tag, remove_tag, move_to_project',
    },
  )
  .meta({ id: 'BulkTracesRequest' });
export type BulkTracesRequest = z.input<typeof BulkTracesRequest>;

export const BulkTracesResponse = z
  .object({
    /** The traces the action changed; ids not changed (not the caller's, or nothing to do) are left out. */
    changed: z.array(z.string()),
  })
  .meta({ id: 'BulkTracesResponse' });
export type BulkTracesResponse = z.infer<typeof BulkTracesResponse>;
