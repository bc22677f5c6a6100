/**
 * The k best of many items without sorting them all: a bounded binary heap whose root is the worst
 * item kept. `before(a, b)` is true when a ranks ahead of b. Returns the k best, best first.
 */
export function topK(
  items: ArrayLike<number>,
  k: number,
  before: (a: number, b: number) => boolean,
  /**
   * Optional: a score that `before` ranks higher first, by item. An item scoring below the worst
   * kept cannot enter, so it is passed over without calling `before` (most items, once the heap is full).
   */
  scores?: ArrayLike<number>,
  /** Optional: items with 0 here are passed over (sold items among a word's raw matches). */
  keep?: ArrayLike<number>,
): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const worse = (a: number, b: number) => before(b, a);
  const siftUp = (start: number) => {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (worse(heap[i] as number, heap[parent] as number)) {
        [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
        i = parent;
      } else break;
    }
  };
  const siftDown = () => {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as number;
    if (heap.length < k) {
      if (keep && keep[item] === 0) continue;
      heap.push(item);
      siftUp(heap.length - 1);
    } else if (
      !(scores && (scores[item] as number) < (scores[heap[0] as number] as number)) &&
      !(keep && keep[item] === 0) &&
      before(item, heap[0] as number)
    ) {
      heap[0] = item;
      siftDown();
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
