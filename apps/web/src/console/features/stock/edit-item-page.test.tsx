// @vitest-environment jsdom
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch-stub';
import { itemPictureUrls } from './item-pictures';
import { CATEGORIES, ITEMS_URL, renderStock, stockItem } from './stock-fixtures';

// A shared two-core machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEdit(item: ReturnType<typeof stockItem>) {
  stubFetch({
    [`GET ${ITEMS_URL}/SH100`]: () => envelope(item),
    'GET /c3api/console/stores/7/categories': () => envelope({ Categories: CATEGORIES }),
  });
  renderStock('/store-console/stores/7/stock/SH100/edit');
  return screen.findByRole('form', { name: 'Edit Fender Stratocaster' });
}

describe('editing an item', () => {
  it('shows its current pictures as thumbnails above the picture input, with the hint that new ones replace them', async () => {
    const form = await renderEdit(
      stockItem({ PictureCount: 3, Thumbnail: '/c3api/images/product/SH100/1?w=300&v=ab12cd34' }),
    );
    const current = within(form).getByRole('list', { name: 'Current pictures' });
    const pictures = within(current).getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([
      '/c3api/images/product/SH100/1?w=300&v=ab12cd34',
      '/c3api/images/product/SH100/2?w=300&v=ab12cd34',
      '/c3api/images/product/SH100/3?w=300&v=ab12cd34',
    ]);
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([
      'Fender Stratocaster 1 of 3',
      'Fender Stratocaster 2 of 3',
      'Fender Stratocaster 3 of 3',
    ]);
    const input = within(form).getByLabelText('Pictures (up to 6)');
    // The thumbnails come before the input, and its hint says what choosing does.
    expect(current.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'It has 3 pictures: pictures chosen here replace them all; choose none to keep them.',
    );
  });

  it('shows no thumbnails for an item without pictures', async () => {
    const form = await renderEdit(stockItem({ PictureCount: 0, Thumbnail: null }));
    expect(within(form).queryByRole('list', { name: 'Current pictures' })).toBeNull();
  });
});

describe('itemPictureUrls', () => {
  it('numbers every position of the first picture’s URL, keeping its query', () => {
    expect(itemPictureUrls({ PictureCount: 2, Thumbnail: '/c3api/images/product/SH1/1?w=300' })).toEqual([
      '/c3api/images/product/SH1/1?w=300',
      '/c3api/images/product/SH1/2?w=300',
    ]);
    expect(itemPictureUrls({ PictureCount: 0, Thumbnail: null })).toEqual([]);
  });
});
