import type { StatsResponse } from '../../../contract/traces.js';
import type { Db } from '../../db/db.js';
import { type Principal, requireScope, requireWholeAccount } from '../../http/principal.js';
import { statsRepo } from './stats.repo.js';

export type StatsServiceDeps = {
  db: Db;
  /** API keys and OAuth clients of this user used at least once (their features count them). */
  countUsedIntegrations: (userId: string) => Promise<number>;
};

/** The dashboard: Total Traces, Added Today, Integrations, AI Queries, 30 days. */
export function createStatsService(deps: StatsServiceDeps) {
  const { db } = deps;
  return {
    async stats(principal: Principal): Promise<StatsResponse> {
      requireScope(principal, 'read:traces');
      requireWholeAccount(principal);
      const { userId } = principal;
      const integrations = await deps.countUsedIntegrations(userId);
      return db.asUser(userId, async (tx) => {
        const totals = await statsRepo.totals(tx, userId);
        return {
          total_traces: totals.active,
          added_last_24h: await statsRepo.addedSince24h(tx, userId),
          integrations,
          ai_queries: totals.accessSum,
          daily: await statsRepo.daily(tx, userId),
        };
      });
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
