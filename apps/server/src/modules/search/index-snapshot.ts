import { open, readFile, rename, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Region } from '@shop/contract';
import { type CatalogueIndexSnapshot, COLUMN_TYPES, type ColumnName, type Columns } from './catalogue-index.js';

/**
 * The search index as one file beside the database, so that a restart reads it back in a second or
 * two instead of reading the whole catalogue again. Layout: 24 bytes (magic, format version, the
 * header's length, a CRC-32 of everything after these 24 bytes, reserved), a JSON header (region,
 * change-feed position and the change row there, categories, stores, dictionaries, words, and the
 * list of sections), then the typed arrays themselves, each starting at a multiple of 8 bytes so
 * that reading wraps them in place. Numbers are in the machine's byte order (little-endian; a
 * big-endian machine neither writes nor reads one). The database stays the only record: a file
 * that is missing, damaged or of another database is simply not used.
 */

const MAGIC = 'SHIDXSNP';
/** 2: each posting also says whether the item's own words hold the term (an older file would rank wrongly). */
export const SNAPSHOT_FORMAT = 2;
const PREAMBLE = 24;
/** CRC work between turns of the event loop while writing (a million items make ~100 MB). */
const CRC_CHUNK = 4 * 1024 * 1024;

/** The change-feed row at the snapshot's position: tells this database's feed from another's. */
export interface ChangeFingerprint {
  productId: number | null;
  changedAt: string;
}

export interface SnapshotFile {
  snapshot: CatalogueIndexSnapshot;
  change: ChangeFingerprint | null;
  writtenAt: string;
}

/** Why a snapshot file was not used (one line for the log). */
export class SnapshotUnusable extends Error {}

const TEXT_SECTIONS = {
  surfaceTerms: Int32Array,
  surfaceDf: Int32Array,
  postingStarts: Int32Array,
  postingDocs: Int32Array,
  postingWeights: Uint8Array,
  docLength: Uint16Array,
} as const;
type TextSectionName = keyof typeof TEXT_SECTIONS;

type ArrayType = (typeof COLUMN_TYPES)[ColumnName] | (typeof TEXT_SECTIONS)[TextSectionName];
const TYPES_BY_NAME: Record<string, ArrayType> = {
  Int32Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Float64Array,
};

interface SectionEntry {
  name: string;
  type: string;
  length: number;
}

interface Header {
  region: Region;
  seq: number;
  change: ChangeFingerprint | null;
  writtenAt: string;
  inputs: CatalogueIndexSnapshot['inputs'];
  dictionaries: CatalogueIndexSnapshot['dictionaries'];
  size: number;
  liveSize: number;
  text: { stems: string[]; surfaceWords: string[]; docCount: number; totalLength: number };
  sections: SectionEntry[];
}

export function snapshotPath(dataDir: string, region: Region): string {
  return path.join(dataDir, `search-index-${region}.snapshot`);
}

function pad8(n: number): number {
  return (n + 7) & ~7;
}

function sectionsOf(snapshot: CatalogueIndexSnapshot): { name: string; array: ArrayBufferView & ArrayLike<number> }[] {
  return [
    ...(Object.keys(COLUMN_TYPES) as ColumnName[]).map((name) => ({
      name: `column.${name}`,
      array: snapshot.columns[name],
    })),
    ...(Object.keys(TEXT_SECTIONS) as TextSectionName[]).map((name) => ({
      name: `text.${name}`,
      array: snapshot.text[name],
    })),
  ];
}

function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Writes the snapshot to `file` atomically: into a temporary file beside it, flushed, then renamed
 * over it, so a reader (another instance sharing DATA_DIR) sees the old file or the new, never half
 * of one. The arrays must be the caller's own copies (CatalogueIndex.toSnapshot makes them).
 * Returns the bytes written.
 */
export async function writeSnapshotFile(
  file: string,
  snapshot: CatalogueIndexSnapshot,
  change: ChangeFingerprint | null,
  pause: () => Promise<void>,
): Promise<number> {
  if (os.endianness() !== 'LE') throw new Error('search index snapshots are written on little-endian machines only');
  const sections = sectionsOf(snapshot);
  const header: Header = {
    region: snapshot.region,
    seq: snapshot.seq,
    change,
    writtenAt: new Date().toISOString(),
    inputs: snapshot.inputs,
    dictionaries: snapshot.dictionaries,
    size: snapshot.size,
    liveSize: snapshot.liveSize,
    text: {
      stems: snapshot.text.stems,
      surfaceWords: snapshot.text.surfaceWords,
      docCount: snapshot.text.docCount,
      totalLength: snapshot.text.totalLength,
    },
    sections: sections.map(({ name, array }) => ({ name, type: array.constructor.name, length: array.length })),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const headerBlock = Buffer.alloc(pad8(PREAMBLE + json.length) - PREAMBLE);
  json.copy(headerBlock);
  // The pieces after the preamble, in file order, each section padded to a multiple of 8 bytes.
  const pieces: Uint8Array[] = [headerBlock];
  for (const { array } of sections) {
    const bytes = bytesOf(array);
    pieces.push(bytes);
    const padding = pad8(bytes.length) - bytes.length;
    if (padding > 0) pieces.push(new Uint8Array(padding));
  }
  let crc = 0;
  for (const piece of pieces) {
    for (let at = 0; at < piece.length; at += CRC_CHUNK) {
      crc = crc32(piece.subarray(at, at + CRC_CHUNK), crc);
      await pause();
    }
  }
  const preamble = Buffer.alloc(PREAMBLE);
  preamble.write(MAGIC, 0, 'latin1');
  preamble.writeUInt32LE(SNAPSHOT_FORMAT, 8);
  preamble.writeUInt32LE(json.length, 12);
  preamble.writeUInt32LE(crc >>> 0, 16);

  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temp, 'w');
  let written = 0;
  try {
    for (const piece of [preamble, ...pieces]) {
      // Writes run on libuv's threads: the event loop carries on meanwhile.
      for (let at = 0; at < piece.length; ) {
        const { bytesWritten } = await handle.write(piece, at, piece.length - at);
        at += bytesWritten;
      }
      written += piece.length;
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return written;
}

/** The file's bytes, or null when there is none. */
export async function readSnapshotBytes(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The snapshot in `bytes`, its arrays wrapping `bytes` in place (no copies, no per-posting
 * objects). Throws SnapshotUnusable for a file of another format or region, or a damaged or cut-off one.
 */
export function decodeSnapshot(input: Uint8Array, region: Region): SnapshotFile {
  if (os.endianness() !== 'LE') throw new SnapshotUnusable('this machine is big-endian');
  // Typed arrays must start at a multiple of their element size: copy the rare unaligned buffer.
  const bytes = input.byteOffset % 8 === 0 ? input : new Uint8Array(input);
  if (bytes.length < PREAMBLE) throw new SnapshotUnusable('the file is too short');
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 0, 8) !== MAGIC) throw new SnapshotUnusable('not a search index snapshot');
  const format = view.readUInt32LE(8);
  if (format !== SNAPSHOT_FORMAT) throw new SnapshotUnusable(`format ${format}, not ${SNAPSHOT_FORMAT}`);
  const jsonLength = view.readUInt32LE(12);
  if (PREAMBLE + jsonLength > bytes.length) throw new SnapshotUnusable('the file is cut short');
  if (crc32(bytes.subarray(PREAMBLE)) >>> 0 !== view.readUInt32LE(16)) {
    throw new SnapshotUnusable('the file is damaged or cut short (checksum)');
  }
  let header: Header;
  try {
    header = JSON.parse(view.toString('utf8', PREAMBLE, PREAMBLE + jsonLength)) as Header;
  } catch {
    throw new SnapshotUnusable('its header is not readable');
  }
  if (header.region !== region) throw new SnapshotUnusable(`it is of region ${header.region}, not ${region}`);

  const arrays = new Map<string, ArrayBufferView & ArrayLike<number>>();
  let at = pad8(PREAMBLE + jsonLength);
  for (const { name, type, length } of header.sections) {
    const Type = TYPES_BY_NAME[type];
    if (!Type || !Number.isInteger(length) || length < 0) throw new SnapshotUnusable(`section ${name} is malformed`);
    const byteLength = length * Type.BYTES_PER_ELEMENT;
    if (at + byteLength > bytes.length) throw new SnapshotUnusable('the file is cut short');
    arrays.set(name, new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, length));
    at += pad8(byteLength);
  }
  if (at !== bytes.length) throw new SnapshotUnusable('the file has bytes past its last section');

  const take = <T extends ArrayType>(name: string, Type: T, length: number): InstanceType<T> => {
    const array = arrays.get(name);
    if (!(array instanceof Type) || array.length !== length) {
      throw new SnapshotUnusable(`section ${name} is missing or of the wrong size`);
    }
    return array as InstanceType<T>;
  };
  const columns = {} as Record<ColumnName, ArrayLike<number>>;
  for (const name of Object.keys(COLUMN_TYPES) as ColumnName[]) {
    columns[name] = take(`column.${name}`, COLUMN_TYPES[name], header.size);
  }
  const { stems, surfaceWords, docCount, totalLength } = header.text;
  if (docCount !== header.size) throw new SnapshotUnusable('its text index and columns disagree');
  const postingStarts = take('text.postingStarts', Int32Array, stems.length + 1);
  const postingCount = postingStarts[stems.length] as number;
  const snapshot: CatalogueIndexSnapshot = {
    region: header.region,
    seq: header.seq,
    inputs: header.inputs,
    dictionaries: header.dictionaries,
    size: header.size,
    liveSize: header.liveSize,
    columns: columns as Columns,
    text: {
      stems,
      surfaceWords,
      surfaceTerms: take('text.surfaceTerms', Int32Array, surfaceWords.length),
      surfaceDf: take('text.surfaceDf', Int32Array, surfaceWords.length),
      postingStarts,
      postingDocs: take('text.postingDocs', Int32Array, postingCount),
      postingWeights: take('text.postingWeights', Uint8Array, postingCount),
      docLength: take('text.docLength', Uint16Array, docCount),
      docCount,
      totalLength,
    },
  };
  return { snapshot, change: header.change, writtenAt: header.writtenAt };
}
