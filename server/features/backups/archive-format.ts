/**
 * What a Cairn backup archive holds (docs/decisions/0031-backups.md): a gzip-compressed ustar
 * archive whose first entry is the manifest, then `secret.key` when the key lives in DATA_DIR,
 * then the embedded database's data directory under `pglite/`, exactly the layout of
 * DATA_DIR. `tar xzf` of an archive is therefore a data directory too.
 */
export const BACKUP_FORMAT = 'cairn-backup/1';
export const MANIFEST_NAME = 'cairn-backup.json';
export const SECRET_KEY_NAME = 'secret.key';
export const PGLITE_DIR = 'pglite';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  /** The Cairn version that wrote it. */
  cairn: string;
  created_at: string;
  engine: 'pglite';
  /** Migrations applied in the backed-up database; a newer Cairn applies the rest on open. */
  migrations: string[];
  /** `included`: secret.key is in the archive; `SECRET_KEY`: the key came from the environment
   * and must be set to the same value after a restore (API keys and tokens are signed with it). */
  secret_key: 'included' | 'SECRET_KEY';
};

/** File names of backups, by time: `cairn-backup-20261127T232349Z.tar.gz` sorts oldest first. */
export const BACKUP_FILE = /^cairn-backup-(\d{8}T\d{6}Z)\.tar\.gz$/;

export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `cairn-backup-${stamp}.tar.gz`;
}

/** The moment a backup file's name says it was taken. */
export function backupFileTime(name: string): Date | undefined {
  const m = BACKUP_FILE.exec(name)?.[1];
  if (!m) return undefined;
  const iso = `${m.slice(0, 4)}-${m.slice(4, 6)}-${m.slice(6, 8)}T${m.slice(9, 11)}:${m.slice(11, 13)}:${m.slice(13, 15)}Z`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at;
}
