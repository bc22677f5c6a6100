/**
 * Working arrays reused from one search to the next, instead of new ones for every search.
 *
 * At a million items a search's working arrays run to hundreds of kilobytes (a broad prefix's
 * candidates, a bitmap of the matches). V8 keeps such arrays outside its heap and counts them as
 * external memory: allocating about a megabyte per request made it collect every 100-130 ms,
 * scavenges of 2.5 ms and full mark-compacts of 3-6 ms ("external memory pressure" in
 * --trace-gc), and one request in a hundred waited behind one (the million-item suggestions p99 target).
 *
 * What `take` hands out is valid until the next `take` of the same scratch: only for work that
 * ends before it returns to the event loop (the engine's searches are synchronous), and never kept
 * in an answer.
 */
export class ScratchInt32 {
  private buffer = new Int32Array(0);

  /** `length` numbers, holding whatever the last user left there. */
  take(length: number): Int32Array {
    if (this.buffer.length < length) this.buffer = new Int32Array(Math.max(length, this.buffer.length * 2));
    return this.buffer.subarray(0, length);
  }
}

/** Like ScratchInt32, for bitmaps: a run of 32-bit words that the taker must leave all zero. */
export class ScratchBits {
  private buffer = new Uint32Array(0);

  /** `words` words, all zero (the previous user cleared what it set). */
  takeCleared(words: number): Uint32Array {
    if (this.buffer.length < words) this.buffer = new Uint32Array(Math.max(words, this.buffer.length * 2));
    return this.buffer.subarray(0, words);
  }
}

/**
 * Bitmaps for one search (the matches, each chosen group's union, their intersections): `take`
 * hands out the next buffer, all zero, and `reset` at the start of the next search makes them all
 * free again. Valid until that reset: only within one synchronous search, never kept in an answer.
 */
export class BitmapPool {
  private readonly buffers: Uint32Array[] = [];
  private used = 0;

  reset(): void {
    this.used = 0;
  }

  /** A bitmap of `words` words, all zero (or, `cleared` false, holding anything: the caller overwrites every word). */
  take(words: number, cleared = true): Uint32Array {
    let buffer = this.buffers[this.used];
    if (!buffer || buffer.length < words) {
      buffer = new Uint32Array(words);
      this.buffers[this.used] = buffer;
    } else {
      buffer = buffer.subarray(0, words);
      if (cleared) buffer.fill(0);
    }
    this.used++;
    return buffer;
  }
}

/** A fresh zeroed bitmap each time: for callers outside a search (tests, one-off work). */
export const freshBitmaps = { take: (words: number) => new Uint32Array(words) };

/** Where a search's bitmaps come from. */
export type BitmapSource = Pick<BitmapPool, 'take'>;
