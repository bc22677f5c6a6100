// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STUCK_HEIGHT_VAR, usePublishStuckHeight } from './use-stuck-height';

afterEach(cleanup);

/** jsdom lays nothing out: the header's height is given, as a browser would measure it. */
let height = 0;
function Header({ top }: { top: string }) {
  const ref = useRef<HTMLElement>(null);
  usePublishStuckHeight(ref);
  return (
    <header
      ref={(element) => {
        ref.current = element;
        if (element) Object.defineProperty(element, 'offsetHeight', { configurable: true, get: () => height });
      }}
      style={{ position: 'sticky', top }}
    />
  );
}

const published = () => document.documentElement.style.getPropertyValue(STUCK_HEIGHT_VAR);
/** The first measurement waits for the next frame, where the page's measurements share one layout. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('the sticky header publishes what it leaves on screen', () => {
  it('the whole header when it sticks at the top (the one-row header from 768 px)', async () => {
    height = 69;
    render(<Header top="0px" />);
    expect(published()).toBe('');
    await nextFrame();
    expect(published()).toBe('69px');
  });

  it('less the part a negative top lets scroll away (the phone keeps its search row)', async () => {
    height = 123;
    render(<Header top="-58px" />);
    await nextFrame();
    expect(published()).toBe('65px');
  });

  it('follows a change of size and forgets the value when the header goes', () => {
    height = 123;
    const { unmount } = render(<Header top="-58px" />);
    height = 140;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(published()).toBe('82px');
    unmount();
    expect(published()).toBe('');
  });

  it("writes nothing when the stylesheet's first guess is right (a write restyles the whole page)", async () => {
    const guess = document.createElement('style');
    guess.textContent = `:root { ${STUCK_HEIGHT_VAR}: 65px; }`;
    document.head.append(guess);
    try {
      height = 123;
      render(<Header top="-58px" />);
      await nextFrame();
      expect(published()).toBe('');
      height = 140;
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      expect(published()).toBe('82px');
    } finally {
      guess.remove();
    }
  });
});
