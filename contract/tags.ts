import { z } from 'zod';
import { OneTag, TRACE_LIMITS } from './traces.js';

/**
 * Tags as a vocabulary of their own (docs/decisions/0024-web-app-features.md, the Tags page): each
 * with how many active traces carry it; renamed, merged or deleted across every trace at once.
 */
export const TagCount = z
  .object({
    name: z.string(),
    count: z.number().int().describe('Active traces carrying it'),
  })
  .meta({ id: 'TagCount' });
export type TagCount = z.infer<typeof TagCount>;

export const TagCountList = z.array(TagCount);

/** A tag in a path: `/api/tags/{tag}`, URL-encoded. Cleaned like a trace's tags before use. */
export const TagParams = z.object({ tag: z.string().max(200).describe('The tag, URL-encoded') });

export const RenameTagRequest = z.object({ name: OneTag('name') }).meta({ id: 'RenameTagRequest' });
export type RenameTagRequest = z.input<typeof RenameTagRequest>;

export const MergeTagsRequest = z
  .object({
    tags: z
      .array(OneTag('tags'), { error: 'tags must be a list of tags' })
      .min(1, 'tags must name at least one tag')
      .max(TRACE_LIMITS.tagsMax, `tags can name at most ${TRACE_LIMITS.tagsMax} tags`)
      .transform((tags) => [...new Set(tags)]),
    into: OneTag('into'),
  })
  .meta({ id: 'MergeTagsRequest' });
export type MergeTagsRequest = z.input<typeof MergeTagsRequest>;

export const TagChangeResponse = z
  .object({
    name: z.string().nullable().describe('The tag the traces now carry (null after a delete)'),
    changed: z.number().int().describe('Active traces whose tags changed'),
  })
  .meta({ id: 'TagChange' });
export type TagChangeResponse = z.infer<typeof TagChangeResponse>;
