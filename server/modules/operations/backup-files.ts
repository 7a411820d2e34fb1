/**
 * The backup folder (BACKUP_DIR): how backup files are named, listed newest first and pruned. Only
 * files named like the app names them are listed or ever deleted; anything else in the folder is
 * left alone. Folder 0700, files 0600: a backup holds every password hash and message.
 */
import { chmod, lstat, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { BackupInfo } from '#common/schemas/operations.ts'

const DIR_MODE = 0o700
const FILE_PATTERN =
  /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d+))?\.jsonl\.gz$/

/** `backup-2026-01-31T02-00-00-000Z.jsonl.gz`; `sequence` > 1 tells apart two in the same ms. */
export function backupFileName(at: Date, sequence = 1): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  return `backup-${stamp}${sequence > 1 ? `-${sequence}` : ''}.jsonl.gz`
}

interface ListedBackup {
  fileName: string
  createdAt: Date
  sequence: number
}

function parseName(fileName: string): ListedBackup | undefined {
  const match = FILE_PATTERN.exec(fileName)
  if (!match) return undefined
  const [, day, hh, mm, ss, ms, sequence] = match
  const createdAt = new Date(`${day}T${hh}:${mm}:${ss}.${ms}Z`)
  if (Number.isNaN(createdAt.getTime())) return undefined
  return { fileName, createdAt, sequence: Number(sequence ?? 1) }
}

/** The app's backup files in `dir`, newest first; none when the folder does not exist. */
async function listBackups(dir: string): Promise<ListedBackup[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return names
    .flatMap((name) => parseName(name) ?? [])
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.sequence - a.sequence)
}

/** Creates `dir` owner-only, and makes it so if it exists (unless another user owns it). */
export async function ensureBackupDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const stats = await lstat(dir)
  if (stats.uid === process.getuid?.() && (stats.mode & 0o777) !== DIR_MODE)
    await chmod(dir, DIR_MODE)
}

/** A path in `dir` for a new backup taken at `at` that no file holds yet. */
export async function newBackupPath(dir: string, at: Date): Promise<string> {
  const taken = new Set(await readdir(dir))
  for (let sequence = 1; ; sequence++) {
    const name = backupFileName(at, sequence)
    if (!taken.has(name) && !taken.has(`${name}.partial`)) return path.join(dir, name)
  }
}

export async function describeBackup(dir: string, fileName: string): Promise<BackupInfo> {
  const listed = parseName(fileName)
  if (!listed) throw new Error(`${fileName} is not a backup file name`)
  const { size } = await stat(path.join(dir, fileName))
  return { fileName, createdAt: listed.createdAt.toISOString(), sizeBytes: size }
}

/** The newest backup in `dir`, or null. */
export async function newestBackup(dir: string): Promise<BackupInfo | null> {
  for (const { fileName } of await listBackups(dir)) {
    // A file pruned or removed since the listing is skipped.
    const info = await describeBackup(dir, fileName).catch(() => undefined)
    if (info) return info
  }
  return null
}

/** Deletes all but the `keep` newest backups; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(keep).map((backup) => backup.fileName)
  await Promise.all(old.map((name) => rm(path.join(dir, name), { force: true })))
  return old
}
