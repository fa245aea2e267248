import { z } from 'zod';

/** Backups (docs/rules.md section 16): the files the Backups screen lists, takes and downloads. */
export const backupTexts = {
  created: 'Backup saved.',
  failed: 'The backup could not be made.',
  notFound: 'Backup not found',
  loadFailed: 'The backups could not be listed.',
} as const;

export const backupFile = z.object({
  /** The file's name in the backup folder, e.g. `dairy-2026-11-22-230000.zip`. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** ISO date-time. */
  createdAt: z.string(),
});
export type BackupFile = z.output<typeof backupFile>;

export const backupListResponse = z.object({
  /** Newest first. */
  rows: z.array(backupFile),
  schedule: z.object({
    /** `HH:MM` in `timeZone`, or null when automatic backups are off. */
    at: z.string().nullable(),
    timeZone: z.string(),
    /** How many of the newest files are kept. */
    keep: z.number(),
  }),
});
export type BackupListResponse = z.output<typeof backupListResponse>;

export const backupCreateResponse = z.object({ msg: z.string(), backup: backupFile });
export type BackupCreateResponse = z.output<typeof backupCreateResponse>;

export const backupNameParams = z.object({ name: z.string().max(200) });
