import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

/** A piece of work the test finishes when it chooses. */
function gate(): { promise: Promise<void>; open: () => void; fail: (error: Error) => void } {
  let open = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('runs at most its limit at once; the rest wait and run in arrival order', async () => {
    const slots = new Semaphore(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let most = 0;
    const results = gates.map((g, index) =>
      slots.run(async () => {
        started.push(index);
        most = Math.max(most, slots.running);
        await g.promise;
        return index * 10;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    expect([slots.running, slots.waiting]).toEqual([2, 3]);

    gates[1]?.open();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of work that fails, and passes the failure on', async () => {
    const slots = new Semaphore(1);
    const first = gate();
    const failing = slots.run(() => first.promise);
    const next = slots.run(async () => 'ran');
    first.fail(new Error('broken picture'));
    await expect(failing).rejects.toThrow('broken picture');
    expect(await next).toBe('ran');
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
