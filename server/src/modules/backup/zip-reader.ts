import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';

/**
 * Reads a backup's zip without trusting it (docs/rules.md section 24): the zip's directory (the
 * list at its end of every file, with the sizes each says it unpacks to) is read and checked
 * before anything is unpacked, and each file is then unpacked as a stream in pieces of 64 KB that
 * stops as soon as it passes the size its directory gave. So a crafted file costs at most what its
 * directory declares, and memory stays small whatever it holds. fflate, which writes the backups,
 * unpacks a whole piece of input at once (a quarter megabyte of a zip bomb became a quarter
 * gigabyte), and its streaming reader does not read the directory; node:zlib's inflate streams
 * with a bounded output.
 */

/** What is wrong with a zip, in words that finish "The backup file is damaged or incomplete: …". */
export class ZipProblem extends Error {}

/** A file of the zip, as its directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored as it is, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What it unpacks to, as the directory says. */
  size: number;
  /** Where its local header starts. */
  offset: number;
}

const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_RECORD_BYTES = 22;
const DIRECTORY_SIGNATURE = 0x02014b50;
const DIRECTORY_RECORD_BYTES = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
/** Deflate's best: 258 bytes from 2 bits, about 1032 to 1; a file that says more says what cannot be. */
const MAX_DEFLATE_RATIO = 1032;
/** A backup holds a file per table: far fewer, in a directory far smaller, than these. */
const MAX_ENTRIES = 1000;
const MAX_DIRECTORY_BYTES = 1024 * 1024;
/** Pieces unpacked at a time. */
const PIECE_BYTES = 64 * 1024;

/** Whether the file starts as a zip does (a local header), for telling "not a zip" from "a damaged one". */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(4);
    const { bytesRead } = await handle.read(start, 0, 4, 0);
    return bytesRead === 4 && start.readUInt32LE(0) === LOCAL_SIGNATURE;
  } finally {
    await handle.close();
  }
}

/**
 * The zip's directory, by file name. Its end record must be the file's last bytes, right after the
 * directory, so a file cut short anywhere is caught; every entry must be stored or deflated, lie
 * before the directory, and say it unpacks to no more than its compressed bytes can.
 */
export async function readZipDirectory(file: string): Promise<Map<string, ZipEntry>> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, END_RECORD_BYTES + 0xffff);
    const tail = await readAt(handle, size - length, length);
    const at = tail.lastIndexOf(END_SIGNATURE);
    if (at < 0 || at + END_RECORD_BYTES > length || at + END_RECORD_BYTES + tail.readUInt16LE(at + 20) !== length)
      throw new ZipProblem('its end is missing');
    const count = tail.readUInt16LE(at + 10);
    const directoryBytes = tail.readUInt32LE(at + 12);
    const directoryStart = tail.readUInt32LE(at + 16);
    if (directoryStart + directoryBytes !== size - length + at) throw new ZipProblem('its end is missing');
    if (count > MAX_ENTRIES || directoryBytes > MAX_DIRECTORY_BYTES)
      throw new ZipProblem(`it lists ${count} files, more than a backup holds`);
    return parseDirectory(await readAt(handle, directoryStart, directoryBytes), count, directoryStart);
  } finally {
    await handle.close();
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await handle.read(bytes, 0, length, position);
  if (bytesRead !== length) throw new ZipProblem('it ends early');
  return bytes;
}

function parseDirectory(directory: Buffer, count: number, directoryStart: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  const damaged = () => new ZipProblem('its list of files is damaged');
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + DIRECTORY_RECORD_BYTES > directory.length || directory.readUInt32LE(p) !== DIRECTORY_SIGNATURE)
      throw damaged();
    const nameEnd = p + DIRECTORY_RECORD_BYTES + directory.readUInt16LE(p + 28);
    const entry: ZipEntry = {
      name: directory.toString('utf8', p + DIRECTORY_RECORD_BYTES, nameEnd),
      method: directory.readUInt16LE(p + 10),
      compressedSize: directory.readUInt32LE(p + 20),
      size: directory.readUInt32LE(p + 24),
      offset: directory.readUInt32LE(p + 42),
    };
    const encrypted = (directory.readUInt16LE(p + 8) & 1) === 1;
    p = nameEnd + directory.readUInt16LE(p + 30) + directory.readUInt16LE(p + 32);
    if (p > directory.length || entry.offset + LOCAL_HEADER_BYTES + entry.compressedSize > directoryStart)
      throw damaged();
    if (encrypted || (entry.method !== 0 && entry.method !== 8))
      throw new ZipProblem(`${entry.name} is packed in a way DairyDesk does not read`);
    const most = entry.method === 0 ? entry.compressedSize : Math.max(entry.compressedSize, 1) * MAX_DEFLATE_RATIO;
    if (entry.size > most)
      throw new ZipProblem(`${entry.name} says it unpacks to more than its compressed size can hold`);
    if (entries.has(entry.name)) throw new ZipProblem(`it holds ${entry.name} twice`);
    entries.set(entry.name, entry);
  }
  return entries;
}

/** Where the entry's packed bytes start, after its local header. */
async function dataStart(file: string, entry: ZipEntry): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const header = await readAt(handle, entry.offset, LOCAL_HEADER_BYTES);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipProblem(`${entry.name} is not where the zip says`);
    return entry.offset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
}

/**
 * The bytes `entry` unpacks to, in pieces of at most 64 KB, unpacked only as fast as they are
 * taken; past the size the directory says it stops, and short of it fails.
 */
export async function* entryBytes(file: string, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  if (entry.compressedSize === 0) {
    if (entry.size !== 0) throw new ZipProblem(`${entry.name} is cut short`);
    return;
  }
  const start = await dataStart(file, entry);
  const raw = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: PIECE_BYTES });
  const unpacked = entry.method === 8 ? raw.pipe(createInflateRaw({ chunkSize: PIECE_BYTES })) : raw;
  if (unpacked !== raw) raw.on('error', (error) => unpacked.destroy(error));
  let total = 0;
  try {
    for await (const piece of unpacked as AsyncIterable<Buffer>) {
      total += piece.length;
      if (total > entry.size)
        throw new ZipProblem(`${entry.name} unpacks to more than the ${entry.size} bytes the zip says`);
      yield piece;
    }
  } catch (error) {
    if (error instanceof ZipProblem) throw error;
    throw new ZipProblem(`${entry.name} cannot be unpacked (${(error as Error).message})`);
  } finally {
    raw.destroy();
    unpacked.destroy();
  }
  if (total !== entry.size) throw new ZipProblem(`${entry.name} is cut short`);
}
