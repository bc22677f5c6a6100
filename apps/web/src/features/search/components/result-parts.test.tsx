// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageTiles } from './result-parts';

afterEach(cleanup);

describe('the Pages tab tiles', () => {
  it("name each link after its page in the link's own text (screen readers and search engines read it)", () => {
    render(
      <PageTiles
        items={[
          {
            ContentType: 'ContentPage',
            Url: '/help/b',
            DisplayName: 'Buying guide',
            Name: 'b',
            Description: 'How to buy',
          },
          { ContentType: 'StorePage', Url: '/stores/a', DisplayName: '', Name: 'A store', Description: 'Hours' },
        ]}
      />,
    );
    // (jsdom's name computation puts a space before the hidden span: browsers do not.)
    const guide = screen.getByRole('link', { name: /^Read more ?: Buying guide$/ });
    // Not only an aria-label: crawlers and Lighthouse's link-text audit read the text itself.
    expect(guide.textContent).toBe('Read more: Buying guide');
    expect(guide.hasAttribute('aria-label')).toBe(false);
    expect(screen.getByRole('link', { name: /^Store information ?: A store$/ }).getAttribute('href')).toBe('/stores/a');
  });
});
