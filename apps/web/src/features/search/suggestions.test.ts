import { describe, expect, it } from 'vitest';
import { moveActive, suggestionGroups } from './suggestions';
import { makeSuggestions } from './test-fixtures';

describe('suggestionGroups', () => {
  it('orders scoped searches, products, completions, then top categories with icons', () => {
    const groups = suggestionGroups(makeSuggestions(), 's');
    expect(groups.map((g) => g.kind)).toEqual(['scoped', 'product', 'completion', 'category']);
    expect(groups.flatMap((g) => g.options.map((o) => o.id))).toEqual(['s-0', 's-1', 's-2', 's-3']);
    expect(groups[3]?.options[0]?.iconUrl).toBe('/c3api/images/category-icon/phone.svg');
  });

  it('leaves out empty groups', () => {
    const groups = suggestionGroups(
      makeSuggestions({ PredectiveSearchItems: [], AutoCompleteItems: [], PredictiveCategories: [] }),
    );
    expect(groups).toEqual([]);
  });
});

describe('moveActive', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'ArrowUp')).toBe(0);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
