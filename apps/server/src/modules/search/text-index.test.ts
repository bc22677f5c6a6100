import { describe, expect, it } from 'vitest';
import { editDistanceWithin, stem, words } from './text-analysis.js';
import { TextIndex } from './text-index.js';

function indexOf(titles: string[]): TextIndex {
  const index = new TextIndex();
  for (const title of titles) index.add([{ text: title, weight: 3 }]);
  index.finish();
  return index;
}

const TITLES = [
  'Apple iPhone 13 Pro 128GB Graphite', // 0
  'Samsung Galaxy S23 Ultra 256GB', // 1
  'Makita 18V Brushless Hammer Drill', // 2
  'Apple MacBook Air M2 Laptop', // 3
  'Samsung 55" Crystal UHD Smart TV', // 4
  'Fender Stratocaster Electric Guitar', // 5
  'Guitars and Drills Sampler', // 6
];

describe('text analysis', () => {
  it('splits, lower-cases and also joins hyphenated words', () => {
    expect(words('Wi-Fi iPad 9th-Gen')).toEqual(['wi', 'fi', 'ipad', '9th', 'gen', 'wifi', '9thgen']);
  });

  it('stems plurals and leaves model numbers alone', () => {
    expect(stem('guitars')).toBe(stem('guitar'));
    expect(stem('drills')).toBe(stem('drill'));
    expect(stem('128gb')).toBe('128gb');
  });

  it('counts a transposition as one edit and gives up past the bound', () => {
    expect(editDistanceWithin('iphnoe', 'iphone', 2)).toBe(1);
    expect(editDistanceWithin('samsnug', 'samsung', 2)).toBe(1);
    expect(editDistanceWithin('guitar', 'guitar', 1)).toBe(0);
    expect(editDistanceWithin('makita', 'fender', 2)).toBe(3);
  });
});

describe('TextIndex', () => {
  const index = indexOf(TITLES);
  const found = (q: string) => [...index.match(q).docs];

  it('requires every word (AND)', () => {
    expect(found('samsung tv')).toEqual([4]);
    expect(found('apple laptop')).toEqual([3]);
    expect(found('apple guitar')).toEqual([]);
  });

  it('matches stems: plural queries find singular titles and back', () => {
    expect(found('guitars').sort()).toEqual([5, 6]);
    expect(found('drill').sort()).toEqual([2, 6]);
  });

  it('matches prefixes of words', () => {
    expect(found('sams').sort()).toEqual([1, 4]);
    expect(found('strat')).toEqual([5]);
    expect(found('iph')).toEqual([0]);
  });

  it('finds what a misspelt query meant', () => {
    expect(found('iphnoe')).toEqual([0]);
    expect(found('samsnug galaxy')).toEqual([1]);
    expect(found('makitta')).toEqual([2]);
    expect(index.correct('samsnug')).toBe('samsung');
  });

  it("never corrects to a stop word: 'swith' is 'switch', not the 'with' of many titles", () => {
    const shop = indexOf([
      'Nintendo Switch Console', // 0
      'Phone Case with Strap', // 1
      'Drill with Battery', // 2
      'Camera with Kit Lens', // 3
      'Light Switch Plate', // 4
    ]);
    const match = shop.match('swith');
    expect([...match.docs]).toEqual([0, 4]);
    expect(match.corrections).toEqual(['switch']);
    expect(match.meant).toEqual(['switch']);
    expect(shop.correct('swith')).toBe('switch');
    // A stop word is never the only near miss either.
    expect([...shop.match('wiht').docs]).toEqual([]);
    expect(shop.correct('wiht')).toBeNull();
  });

  it('prefers the slip shoppers make, then the word more items carry', () => {
    const shop = indexOf(['Cars Toy', 'Cars Poster', 'Cars Mug', 'Care Kit', 'Mast Light', 'Mast Flag', 'Most Wanted']);
    // 'card' is one neighbouring key from both 'cars' and 'care': more items say 'cars'; both are searched.
    expect(shop.correct('card')).toBe('cars');
    expect([...shop.match('card').docs]).toEqual([0, 1, 2, 3]);
    // 'mist': 'o' is next to 'i' on the keyboard and 'a' is not, so 'most' although 'mast' is commoner.
    expect(shop.correct('mist')).toBe('most');
    expect([...shop.match('mist').docs]).toEqual([6]);
  });

  it('takes a misspelt word for what the other words make sense with', () => {
    const shop = indexOf(['iPad 9th Gen', 'iPad 10th Gen', 'Tablet Gen 2', 'Apple iPhone 14 Green', 'Green Kettle']);
    expect(shop.correct('geen')).toBe('gen');
    const match = shop.match('geen iphone');
    expect([...match.docs]).toEqual([3]);
    expect(match.meant).toEqual(['green', 'iphone']);
  });

  it('reads a doubled letter and keeps the number: giiant 2', () => {
    const bikes = indexOf(['Giant Talon 2 Mountain Bike', 'Giant Trance X 29', 'Giant TCR Advanced 2', 'Gant Shirt']);
    const match = bikes.match('giiant 2');
    expect([...match.docs]).toEqual([0, 2]);
    expect(match.meant).toEqual(['giant', '2']);
  });

  it('leaves a model code it holds alone and never swaps its digits for another model', () => {
    const shop = indexOf([
      'Samsung HW-Q600C Soundbar',
      'Samsung HW-Q60C Soundbar',
      'Canon EF 50mm Lens',
      'Lenovo Tab M10',
    ]);
    const model = shop.match('q600c');
    expect([...model.docs]).toEqual([0]);
    expect(model.corrections).toEqual([]);
    expect([...shop.match('q700c').docs]).toEqual([]);
    expect([...shop.match('w600c').docs]).toEqual([0]);
    expect([...shop.match('lens').docs]).toEqual([2]);
  });

  it('finds nothing for words that are nowhere near', () => {
    expect(found('xylophone')).toEqual([]);
    expect(found('')).toEqual([]);
  });

  it('ranks an exact word above a prefix match', () => {
    const ranking = indexOf(['Drill press', 'Drillmaster bench']);
    const match = ranking.match('drill');
    expect(match.scores[0]).toBeGreaterThan(match.scores[1] ?? 0);
  });

  it('finds documents added after the build', () => {
    const growing = indexOf(['Old camera']);
    growing.add([{ text: 'Vintage Rolleiflex camera', weight: 3 }]);
    expect([...growing.match('camera').docs]).toEqual([0, 1]);
    expect([...growing.match('rollei').docs]).toEqual([1]);
  });

  it('gives the same matches when each match reuses the working arrays of the one before', () => {
    // Many matches from several readings ('can': canon, candle, canvas; 'gar': garden, gardenia,
    // garlic) are put in order through a bitmap the index reuses: each search must find exactly
    // its own documents, never the last one's.
    const kinds = ['Canon camera', 'Candle holder', 'Canvas print', 'Garden hose', 'Gardenia plant', 'Garlic press'];
    const titles = Array.from({ length: 420 }, (_, i) => `${kinds[i % kinds.length]} ${i % 7 === 0 ? 'red' : 'blue'}`);
    const index = indexOf(titles);
    const expected = (test: (title: string) => boolean) => titles.flatMap((t, i) => (test(t) ? [i] : []));
    const can = expected((t) => /\bcan/i.test(t));
    const gar = expected((t) => /\bgar/i.test(t));
    const redCan = expected((t) => /\bcan/i.test(t) && t.endsWith('red'));
    for (let round = 0; round < 3; round++) {
      expect([...index.match('can').docs]).toEqual(can);
      expect([...index.match('gar').docs]).toEqual(gar);
      expect([...index.match('can red').docs]).toEqual(redCan);
    }
  });
});

describe('TextIndex: what was typed first', () => {
  /** An item: its own title (weight 3) and its category's keywords (weight 4). */
  function shopOf(items: [title: string, keywords: string][]): TextIndex {
    const index = new TextIndex();
    for (const [title, keywords] of items) {
      index.add([
        { text: title, weight: 3, own: true },
        { text: keywords, weight: 4 },
      ]);
    }
    index.finish();
    return index;
  }
  const ranked = (index: TextIndex, query: string) => {
    const match = index.match(query);
    return [...match.docs].sort((a, b) => (match.scores[b] ?? 0) - (match.scores[a] ?? 0) || a - b);
  };

  it('never takes a word the catalogue holds for another: lamp is not amp', () => {
    const shop = shopOf([
      ['Fender Mustang Amp', 'amp amplifier'], // 0
      ['Brass Desk Lamp', 'lamp lighting'], // 1
      ['Marshall Valve Amp', 'amp amplifier'], // 2
    ]);
    const match = shop.match('lamp');
    expect([...match.docs]).toEqual([1]);
    expect(match.corrections).toEqual([]);
  });

  it('takes no unlikely slip: a first letter added or dropped is another word, not a typo', () => {
    const amps = shopOf([
      ['Fender Mustang Amp', 'amp amplifier'],
      ['Laptop Stand', 'accessory'],
    ]);
    expect([...amps.match('lamp').docs]).toEqual([]);
    expect(amps.correct('lamp')).toBeNull();
    // Real slips still read as what was meant.
    expect(amps.correct('lapotp')).toBe('laptop');
    expect([...amps.match('lapotp').docs]).toEqual([1]);
  });

  it('ranks items holding the word themselves above items found only by their category, whatever the weights', () => {
    const shop = shopOf([
      ['Apple MacBook Air M2', 'laptop notebook computer'], // 0: category only (keywords weigh 4)
      ['Lenovo Legion 5 Gaming Laptop with a long title and many other words', 'laptop notebook computer'], // 1
      ['Dell Portable Monitor for Laptop', 'monitor screen'], // 2: holds it, in another category
      ['HP EliteBook 840', 'laptop notebook computer'], // 3
    ]);
    const order = ranked(shop, 'laptop');
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
    expect(order.slice(2).sort()).toEqual([0, 3]);
    // With two words, the count of words an item holds itself decides first.
    expect(ranked(shop, 'laptop dell')[0]).toBe(2);
  });

  it('ranks a longer word the typed one begins with the category matches, not above them', () => {
    const shop = shopOf([
      ['Lampshade Linen', 'decor'], // 0: 'lamp' begins 'lampshade', its own word
      ['IKEA Tertial', 'lamp lighting'], // 1: a lamp, by its category
      ['Brass Lamp', 'lamp lighting'], // 2
    ]);
    const order = ranked(shop, 'lamp');
    expect(order[0]).toBe(2);
    expect(order.slice(1).sort()).toEqual([0, 1]);
  });
});
