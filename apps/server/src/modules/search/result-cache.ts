/**
 * The answers of recent searches, kept for as long as the index they came from is unchanged.
 * Shoppers ask the same searches over and over (the popular words, the category pages, the pages
 * after them), and at a million items a broad word costs milliseconds to count; an answer is
 * valid exactly until the next item is written, which `version` tells. Bounded, least recently
 * used out first.
 */
/**
 * Whether answers are kept at all (the SEARCH_ANSWER_CACHE setting): off, every search is computed
 * afresh, which is what the benchmark's cold figures measure.
 */
export const answerKeeping = { enabled: true };

export class ResultCache<T> {
  private readonly entries = new Map<string, { version: number; value: T }>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly capacity: number) {}

  /** The answer kept for `key` if it was computed at `version`. */
  get(key: string, version: number): T | undefined {
    const entry = answerKeeping.enabled ? this.entries.get(key) : undefined;
    if (!entry || entry.version !== version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: T): void {
    if (!answerKeeping.enabled) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Hits and misses since start, for the operations log. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }
}

/**
 * One cache per index (a new index after a rebuild starts empty, and the old one's answers go with
 * it): returns the cache of an index, made on first use.
 */
export function cachePerIndex<T>(capacity: number): (index: object) => ResultCache<T> {
  const caches = new WeakMap<object, ResultCache<T>>();
  return (index) => {
    let cache = caches.get(index);
    if (!cache) {
      cache = new ResultCache<T>(capacity);
      caches.set(index, cache);
    }
    return cache;
  };
}
