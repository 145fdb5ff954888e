import {
  MergeTagsRequest,
  RenameTagRequest,
  type TagChangeResponse,
  type TagCount,
} from '../../../../contract/tags.js';
import { TagList } from '../../../../contract/traces.js';
import type { Db } from '../../../db/db.js';
import { AppError, notFound } from '../../../http/errors.js';
import { type Principal, requireScope, requireWholeAccount } from '../../../http/principal.js';
import { parseInput } from '../../../http/validation.js';
import { tagsRepo } from './tags.repo.js';

const TAG_NOT_FOUND = 'Tag not found';

/** A tag from a path, cleaned as a trace's tags are; null when it could not be one. */
function cleanTag(raw: string): string | null {
  const parsed = TagList.safeParse([raw]);
  return parsed.success && parsed.data.length === 1 ? parsed.data[0]! : null;
}

/**
 * Tags across all of one person's traces: counts, rename, merge, delete. Reading needs
 * read:traces, changing write:traces, so an assistant's key may tidy tags as it may tag traces.
 * A tag on none of the person's active traces is "not found", whoever else may have it.
 */
export function createTagsService({ db }: { db: Db }) {
  return {
    async list(principal: Principal): Promise<TagCount[]> {
      requireScope(principal, 'read:traces');
      requireWholeAccount(principal);
      return db.asUser(principal.userId, (tx) => tagsRepo.counts(tx, principal.userId));
    },

    /** 409 `tag_exists` when the new name is taken: merging is a choice the person makes. */
    async rename(principal: Principal, rawTag: string, input: RenameTagRequest): Promise<TagChangeResponse> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const { name } = parseInput(RenameTagRequest, input);
      const tag = cleanTag(rawTag);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        if (!tag || !(await tagsRepo.inUse(tx, userId, tag))) throw notFound(TAG_NOT_FOUND);
        if (name === tag) return { name, changed: 0 };
        if (await tagsRepo.inUse(tx, userId, name)) {
          throw new AppError(409, 'tag_exists', `There is already a tag "${name}": merge the two instead`, [
            { path: 'name', message: `There is already a tag "${name}": merge the two instead` },
          ]);
        }
        return { name, changed: await tagsRepo.replace(tx, userId, [tag], name) };
      });
    },

    /** Every trace carrying any of `tags` carries `into` instead (once). */
    async merge(principal: Principal, input: MergeTagsRequest): Promise<TagChangeResponse> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const { tags, into } = parseInput(MergeTagsRequest, input);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        for (const tag of tags)
          if (!(await tagsRepo.inUse(tx, userId, tag))) throw notFound(`${TAG_NOT_FOUND}: ${tag}`);
        const from = tags.filter((t) => t !== into);
        return { name: into, changed: from.length ? await tagsRepo.replace(tx, userId, from, into) : 0 };
      });
    },

    async remove(principal: Principal, rawTag: string): Promise<TagChangeResponse> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const tag = cleanTag(rawTag);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        if (!tag || !(await tagsRepo.inUse(tx, userId, tag))) throw notFound(TAG_NOT_FOUND);
        return { name: null, changed: await tagsRepo.remove(tx, userId, tag) };
      });
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
