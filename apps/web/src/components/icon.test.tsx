// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon } from './icon';

afterEach(cleanup);

describe('Icon', () => {
  it('draws a decorative svg at the asked size, hidden from assistive technology', () => {
    const { container } = render(<Icon name="cart" size={24} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('24');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('focusable')).toBe('false');
    expect(svg?.querySelectorAll('path, circle').length).toBeGreaterThan(0);
  });

  it('fills the heart only when asked', () => {
    const empty = render(<Icon name="heart" />).container.querySelector('path');
    expect(empty?.getAttribute('fill')).toBe('none');
    cleanup();
    const full = render(<Icon name="heart" filled />).container.querySelector('path');
    expect(full?.getAttribute('fill')).toBe('currentColor');
  });
});
