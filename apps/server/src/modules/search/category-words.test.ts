import { describe, expect, it } from 'vitest';
import { categoryNameWords } from './category-words.js';

describe('categoryNameWords', () => {
  it("lends a parent's name word only to the child named by it", () => {
    const names = categoryNameWords([
      { name: 'Laptops & Computers', parent: -1 }, // 0
      { name: 'Laptops', parent: 0 }, // 1
      { name: 'Tablets', parent: 0 }, // 2
      { name: 'Gaming', parent: -1 }, // 3
      { name: 'Video Games', parent: 3 }, // 4
      { name: 'Consoles', parent: 3 }, // 5
    ]);
    expect(names[0]).toBe('laptops computers');
    expect(names[1]).toBe('laptops computers');
    expect(names[2]).toBe('tablets computers');
    // 'games' is not 'gaming' as written: every console is still found by 'gaming'.
    expect(names[5]).toBe('consoles gaming');
    expect(names[4]).toBe('video games gaming');
  });

  it('takes back a word named anywhere below, and keeps joined hyphenations', () => {
    const names = categoryNameWords([
      { name: 'Bikes', parent: -1 }, // 0
      { name: 'E-Bikes', parent: 0 }, // 1
      { name: 'Road', parent: 0 }, // 2
      { name: 'Road Bikes Kids', parent: 2 }, // 3
    ]);
    expect(names[1]).toBe('e bikes ebikes');
    expect(names[2]).toBe('road');
    expect(names[3]).toBe('road bikes kids');
  });
});
