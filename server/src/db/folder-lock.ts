import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** A reason the server cannot start, written for the person starting it. */
export class StartError extends Error {}

/** The file inside the data folder naming the server that has it open. */
export const LOCK_FILE = 'server.pid';

interface Owner {
  pid: number;
  host: string;
}

export interface FolderLock {
  release(): void;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * One server per embedded data folder (docs/rules.md section 18). The lock file is created with
 * O_EXCL, so of two servers starting at once exactly one creates it. A lock whose process is
 * gone (a killed server) is taken over, under a second O_EXCL file so that two servers
 * finding the same stale lock cannot both remove it.
 */
export function lockDataFolder(dir: string): FolderLock {
  const folder = path.resolve(dir);
  const file = path.join(folder, LOCK_FILE);
  const own = JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner);
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw folderError(folder, error);
  }
  // A lock file is written a moment after it is created: an empty one is waited for a while.
  for (let attempt = 0; attempt < 200; attempt++) {
    if (create(folder, file, own)) {
      const release = () => {
        process.off('exit', release);
        removeIfHolding(file, own);
      };
      process.on('exit', release);
      return { release };
    }
    const found = read(file);
    if (found === undefined) continue; // removed meanwhile: try again
    const owner = parse(found);
    if (owner && owner.host !== hostname()) {
      throw new StartError(
        `The data folder ${folder} is in use by a server on ${owner.host} (pid ${owner.pid}). Stop that server first, or start this one with another DATA_DIR.`,
      );
    }
    if (owner && alive(owner.pid)) {
      throw new StartError(
        `The data folder ${folder} is in use by another server (pid ${owner.pid}). Stop that server first, or start this one with another DATA_DIR.`,
      );
    }
    // A dead owner, or an empty file its server never finished writing.
    if (owner || attempt >= 40) removeStale(folder, file, found);
    else pause(25);
  }
  throw new StartError(
    `The data folder ${folder} could not be locked: if no server is running, remove ${file} and ${file}.takeover.`,
  );
}

/** Creates the lock file holding `content`; false when it exists already. */
function create(folder: string, file: string, content: string): boolean {
  try {
    writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    try {
      unlinkSync(file); // created but not written (a full disk): leave no empty lock behind
    } catch {}
    throw folderError(folder, error);
  }
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parse(content: string | undefined): Owner | undefined {
  try {
    const owner = JSON.parse(content ?? '') as Owner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock file if it still holds `stale`, while holding the takeover file. */
function removeStale(folder: string, file: string, stale: string) {
  const takeover = `${file}.takeover`;
  if (!create(folder, takeover, JSON.stringify({ pid: process.pid, host: hostname() }))) {
    // Another server is taking over; its takeover file outlives it only if it was killed meanwhile.
    const found = read(takeover);
    const owner = parse(found);
    if (owner && !alive(owner.pid)) removeIfHolding(takeover, found);
    pause(10);
    return;
  }
  try {
    removeIfHolding(file, stale);
  } finally {
    unlinkSync(takeover);
  }
}

function removeIfHolding(file: string, content: string | undefined) {
  if (content === undefined || read(file) !== content) return;
  try {
    unlinkSync(file);
  } catch {
    // removed meanwhile
  }
}

function folderError(folder: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EROFS') {
    return new StartError(`The data folder ${folder} is read-only: the server must be able to write there.`);
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return new StartError(`The data folder ${folder} cannot be written (permission denied).`);
  }
  if (code === 'ENOSPC') return new StartError(`The disk of the data folder ${folder} is full.`);
  return error as Error;
}
