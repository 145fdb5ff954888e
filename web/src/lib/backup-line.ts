import type { BackupStatus } from '../../../contract/backups.js';

/** The one line Settings → Data says about server backups. */
export function backupLine(status: BackupStatus, locale?: string): string {
  if (status.state === 'postgres')
    return 'The database is PostgreSQL: it is backed up with its own tools (pg_dump).';
  const latest = status.latest
    ? `Last backup ${new Date(status.latest.created_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })} (${size(status.latest.bytes)})`
    : 'No backup yet';
  if (status.state === 'off') return `Backups are off. ${status.latest ? `${latest}.` : ''}`.trim();
  const failed = status.last_error ? ` The latest attempt failed: ${status.last_error}` : '';
  return `${latest}. Every ${status.interval_hours} h, the ${status.keep} latest kept.${failed}`;
}

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
