// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../test/intersection-observer';
import { useNearScreen } from './use-near-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Probe() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const near = useNearScreen(element);
  return <div ref={setElement}>{near ? 'near' : 'far'}</div>;
}

describe('useNearScreen', () => {
  it('turns true once the element comes near the screen, and stops watching', () => {
    const observer = stubIntersectionObserver();
    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer.report(false));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observer.report(true));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('is true at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
