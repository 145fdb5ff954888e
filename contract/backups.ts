import { z } from 'zod';

/**
 * The Settings → Data line about backups (docs/decisions/0031-backups.md): whether this server
 * backs itself up, and when it last did. Names no file or path.
 */
export const BackupStatus = z
  .object({
    state: z
      .enum(['on', 'off', 'postgres'])
      .describe(
        'on: scheduled backups of the embedded database; off: BACKUP_INTERVAL_HOURS=0; postgres: the database is PostgreSQL, backed up with its own tools (pg_dump)',
      ),
    interval_hours: z.number().describe('Hours between scheduled backups (BACKUP_INTERVAL_HOURS)'),
    keep: z.number().int().describe('How many backups are kept (BACKUP_KEEP)'),
    latest: z
      .object({
        created_at: z.string().describe('ISO 8601'),
        bytes: z.number().int().describe('Size of the archive'),
      })
      .nullable()
      .describe('The newest backup in BACKUP_DIR, or null when there is none'),
    last_error: z.string().nullable().describe('Why the latest scheduled backup failed, if it did'),
  })
  .meta({ id: 'BackupStatus' });
export type BackupStatus = z.infer<typeof BackupStatus>;
