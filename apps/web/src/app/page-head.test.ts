import type { ProductDetail, SearchResultsValue } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { headHtml, homeHead, notFoundHead, productHead, searchHead, snippet } from './page-head';

const ORIGIN = 'https://shop.example';

function product(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    Code: 'SH0000042',
    Title: 'Fender Telecaster',
    Description: 'A   well-kept <b>guitar</b>\nwith its case.',
    Brand: 'Fender',
    Category: 'Guitars',
    ConditionLabel: 'Like new',
    Sp: '$1,599.99',
    SpMinorUnits: 159_999,
    IsAvailable: true,
    Url: '/product/sh0000042/fender-telecaster',
    Images: [{ Url: '/c3api/images/product/SH0000042/1?w=800' }, { Url: '/c3api/images/product/SH0000042/2?w=800' }],
    Store: { Name: 'Maitland', NameWithState: 'Maitland, NSW', Slug: 'maitland' },
    ...overrides,
  } as ProductDetail;
}

describe('productHead', () => {
  it('names the item and its price, and describes a Product with an in-stock Offer in the region currency', () => {
    const head = productHead(ORIGIN, product(), 'AU');
    expect(head.title).toBe('Fender Telecaster | Secondhand');
    expect(head.description).toBe(
      'Fender Telecaster, $1,599.99, like new, from Maitland, NSW. A well-kept guitar with its case.',
    );
    expect(head.canonical).toBe('https://shop.example/product/sh0000042/fender-telecaster');
    expect(head.structuredData).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Fender Telecaster',
      sku: 'SH0000042',
      description: 'A well-kept guitar with its case.',
      brand: { '@type': 'Brand', name: 'Fender' },
      category: 'Guitars',
      image: [
        'https://shop.example/c3api/images/product/SH0000042/1?w=800',
        'https://shop.example/c3api/images/product/SH0000042/2?w=800',
      ],
      url: 'https://shop.example/product/sh0000042/fender-telecaster',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/product/sh0000042/fender-telecaster',
        price: '1599.99',
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Store', name: 'Maitland', url: 'https://shop.example/stores/maitland' },
      },
    });
  });

  it('says a sold item is sold, in pounds in the UK', () => {
    const head = productHead(ORIGIN, product({ IsAvailable: false, Sp: '£80.00', SpMinorUnits: 8000 }), 'UK');
    expect(head.title).toBe('Sold: Fender Telecaster | Secondhand');
    expect(head.description.startsWith('Sold: Fender Telecaster, £80.00')).toBe(true);
    expect(head.structuredData?.offers).toMatchObject({
      price: '80.00',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/SoldOut',
    });
  });
});

describe('searchHead and homeHead', () => {
  const value = { ProductList: { ProductListItemCount: 1234, ProductListItems: [] } } as unknown as SearchResultsValue;

  it('names the search term and the count, with the term alone as the canonical search', () => {
    const head = searchHead(ORIGIN, new URLSearchParams('query=red bike&Sort=price%2B&page=3'), value);
    expect(head.title).toBe('red bike: search results | Secondhand');
    expect(head.description).toBe('1,234 items matching "red bike", second-hand from local stores.');
    expect(head.canonical).toBe('https://shop.example/search-results?query=red+bike');
  });

  it('describes the whole shop without a term, and the home page by region', () => {
    expect(searchHead(ORIGIN, new URLSearchParams(), null).title).toBe('Shop all items | Secondhand');
    expect(homeHead(ORIGIN, 'UK').description).toContain('across the United Kingdom');
    expect(homeHead(ORIGIN, 'AU').canonical).toBe('https://shop.example/');
    expect(notFoundHead().canonical).toBeNull();
  });
});

describe('headHtml', () => {
  it('escapes the title and description, and keeps JSON-LD from ending its script element', () => {
    const nasty = 'Ring </script><script>alert("x")</script> & "co"';
    const html = headHtml(productHead(ORIGIN, product({ Title: nasty, Description: '' }), 'AU'));
    expect(html).toContain(
      '<title>Ring &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;co&quot; | Secondhand</title>',
    );
    expect(html).not.toContain('<script>alert');
    // Exactly one script element, and its JSON reads back to the title.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.match(/<script type="application\/ld\+json">(.*)<\/script>/)?.[1] ?? '';
    expect(JSON.parse(json).name).toBe(nasty);
    expect(html).toContain('<link rel="canonical" href="https://shop.example/product/sh0000042/fender-telecaster" />');
  });
});

describe('snippet', () => {
  it('folds whitespace and markup, and cuts a long text at a word with an ellipsis', () => {
    expect(snippet(' a <i>b</i>\n\nc ')).toBe('a b c');
    const long = snippet(`${'word '.repeat(60)}end`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});
