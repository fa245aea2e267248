import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Writes a file until the disk has no space left. */
  fill(): void;
  /** Removes that file. */
  free(): void;
  /** Remounts the disk read-only, or writable again. */
  readOnly(on: boolean): void;
  unmount(): void;
}

/**
 * A real small disk: a tmpfs of `megabytes` mounted on a temp folder, so a full disk and a
 * read-only one are the kernel's own (ENOSPC, EROFS). Mounting needs root with CAP_SYS_ADMIN,
 * which the test runs have; without it the test fails saying so.
 */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'dairy-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0777`, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`mounting a ${megabytes} MB tmpfs failed (needs root with CAP_SYS_ADMIN): ${mounted.stderr}`);
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      // dd stops with an error at ENOSPC: that is the point.
      spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly(on) {
      execFileSync('mount', ['-o', `remount,${on ? 'ro' : 'rw'}`, dir]);
    },
    unmount() {
      spawnSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
