import { words } from './text-analysis.js';

/**
 * The category names an item is found by: its own category's name, and each category above it
 * less the words a category below that one is named by. A parent's name often lists its children
 * ('Laptops & Computers' over 'Laptops', 'Tablets' and 'Monitors'): 'laptops' there is the Laptops
 * category's word, and lending it to every tablet and monitor made 'laptop' find them. A word is
 * taken back only when a name below holds the same word as written: 'Gaming' still finds the
 * consoles beside 'Video Games'.
 */

export interface NamedCategory {
  name: string;
  /** Index of the category above, or -1. */
  parent: number;
}

/** For each category, the name words its items are found by, joined by spaces (own name first). */
export function categoryNameWords(categories: readonly NamedCategory[]): string[] {
  const namesBelow = categories.map(() => new Set<string>());
  categories.forEach((category, i) => {
    const own = words(category.name);
    const seen = new Set<number>([i]);
    for (let above = category.parent; above >= 0 && !seen.has(above); above = categories[above]?.parent ?? -1) {
      seen.add(above);
      for (const word of own) namesBelow[above]?.add(word);
    }
  });
  return categories.map((category, i) => {
    const parts = [...words(category.name)];
    const seen = new Set<number>([i]);
    for (let above = category.parent; above >= 0 && !seen.has(above); above = categories[above]?.parent ?? -1) {
      seen.add(above);
      const taken = namesBelow[above] ?? new Set<string>();
      parts.push(...words(categories[above]?.name ?? '').filter((word) => !taken.has(word)));
    }
    return parts.join(' ');
  });
}
