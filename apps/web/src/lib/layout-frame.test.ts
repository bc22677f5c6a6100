import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { measureInFrame } from './layout-frame';

describe('measureInFrame', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs every read before any write, in one frame', () => {
    const log: string[] = [];
    measureInFrame(
      () => log.push('read a'),
      () => log.push('write a'),
    );
    measureInFrame(
      () => log.push('read b'),
      () => log.push('write b'),
    );
    expect(log).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(log).toEqual(['read a', 'read b', 'write a', 'write b']);
  });

  it('hands each write its own read', () => {
    const written: number[] = [];
    measureInFrame(
      () => 1,
      (value) => written.push(value),
    );
    measureInFrame(
      () => 2,
      (value) => written.push(value),
    );
    frames[0]?.(0);
    expect(written).toEqual([1, 2]);
  });

  it('skips a cancelled measurement, and asks for a new frame after a flush', () => {
    const read = vi.fn(() => 0);
    const cancel = measureInFrame(read, () => undefined);
    cancel();
    frames[0]?.(0);
    expect(read).not.toHaveBeenCalled();
    measureInFrame(read, () => undefined);
    expect(frames).toHaveLength(2);
    frames[1]?.(0);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
