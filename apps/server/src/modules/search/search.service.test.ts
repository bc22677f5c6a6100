import { describe, expect, it } from 'vitest';
import { nameRanks } from './search.service.js';

describe('nameRanks', () => {
  const asName = (name: string) => name;

  it('ranks names as localeCompare orders them, ties in list order', () => {
    const names = ['Zed', 'émile', 'Apple', 'apple', 'Émile', 'Bondi Junction', 'bondi'];
    const ranks = nameRanks(names, asName);
    const byRank = names.map((_, i) => i).sort((a, b) => (ranks[a] as number) - (ranks[b] as number));
    const byLocale = names.map((_, i) => i).sort((a, b) => (names[a] as string).localeCompare(names[b] as string));
    expect(byRank).toEqual(byLocale);
    expect(new Set(ranks).size).toBe(names.length);
  });

  it('works the order out again when the list grows (a new brand), and reuses it while it does not', () => {
    const names = ['Sony', 'Apple'];
    const first = nameRanks(names, asName);
    expect(Array.from(first)).toEqual([1, 0]);
    expect(nameRanks(names, asName)).toBe(first);
    names.push('Canon');
    expect(Array.from(nameRanks(names, asName))).toEqual([2, 0, 1]);
  });

  it('ranks other things by the name given for them', () => {
    const stores = [{ name: 'Parramatta' }, { name: 'Bondi' }];
    expect(Array.from(nameRanks(stores, (s) => s.name))).toEqual([1, 0]);
  });
});
