/**
 * Storage for the price guide's index in typed arrays rather than one object per item: at a
 * million items, an object per item (its strings, its words' array, the number[] postings) took the
 * server's resident memory up by about 770 MB; numbers in typed arrays and text packed in one
 * buffer take a fraction of that, and the garbage collector has almost nothing left to walk.
 */

type TypedArray = Float64Array | Int32Array | Uint16Array | Uint8Array;
type TypedArrayOf<T extends TypedArray> = { new (length: number): T };

/** The same values in an array of `capacity` (the rest zero). */
export function grown<T extends TypedArray>(values: T, capacity: number): T {
  const next = new (values.constructor as TypedArrayOf<T>)(capacity);
  next.set(values);
  return next;
}

/**
 * A posting list: slot numbers in the order they were added, kept in an Int32Array whose first
 * element is the count (so a category's Map holds the array itself, with no wrapper object per
 * word); it doubles when full.
 */
export type PostingList = Int32Array;

export const EMPTY_POSTINGS: PostingList = new Int32Array(1);

/** How many slots the list holds. */
export function postingCount(list: PostingList): number {
  return list[0] as number;
}

/** A new list holding one slot. */
export function newPostings(slot: number): PostingList {
  const list = new Int32Array(4);
  list[0] = 1;
  list[1] = slot;
  return list;
}

/** Adds a slot; returns the list to keep (a new one when it had to grow). */
export function appendPosting(list: PostingList, slot: number): PostingList {
  const count = list[0] as number;
  const target = count + 1 < list.length ? list : grown(list, list.length * 2);
  target[count + 1] = slot;
  target[0] = count + 1;
  return target;
}

const utf8 = 'utf8';
/** A UTF-16 surrogate without its partner: UTF-8 has no bytes for it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Strings written once and read rarely (an item's code, slug and title: read only for the ten
 * comparables an answer lists), packed as UTF-8 in one growing buffer. A string UTF-8 cannot carry
 * exactly (a lone surrogate) is kept as itself beside it, so every string reads back as it was given.
 */
export class TextPool {
  private bytes = Buffer.alloc(1 << 16);
  private used = 0;
  private readonly unpacked = new Map<number, string>();

  /** Where the next text will start (a text ends where the next one starts). */
  get end(): number {
    return this.used;
  }

  /** Appends the text at `end`. */
  add(text: string): void {
    if (LONE_SURROGATE.test(text)) {
      this.unpacked.set(this.used, text);
      // One byte, so that the next text starts elsewhere.
      this.ensure(1);
      this.used += 1;
      return;
    }
    const length = Buffer.byteLength(text, utf8);
    this.ensure(length);
    this.bytes.write(text, this.used, length, utf8);
    this.used += length;
  }

  read(start: number, end: number): string {
    return this.unpacked.get(start) ?? this.bytes.toString(utf8, start, end);
  }

  /** Whether the text at start..end is `text`, whose UTF-8 bytes are `encoded`. */
  equals(start: number, end: number, text: string, encoded: Buffer): boolean {
    if (end - start !== encoded.length) return this.unpacked.get(start) === text;
    for (let i = 0; i < encoded.length; i++) if (this.bytes[start + i] !== encoded[i]) return false;
    return !this.unpacked.has(start);
  }

  private ensure(more: number): void {
    if (this.used + more <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.used + more) capacity *= 2;
    const next = Buffer.alloc(capacity);
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }
}

/** Each distinct string once, referred to by its number. */
export class StringTable {
  private readonly numbers = new Map<string, number>();
  readonly values: string[] = [];

  /** The string's number, given it one if new. */
  add(value: string): number {
    const known = this.numbers.get(value);
    if (known !== undefined) return known;
    const number = this.values.length;
    this.numbers.set(value, number);
    this.values.push(value);
    return number;
  }

  /** The string's number, or -1 when it was never added. */
  find(value: string): number {
    return this.numbers.get(value) ?? -1;
  }
}
