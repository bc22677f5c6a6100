// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { afterHydration, HydrateLater, hydrateInTurns, waitForTurn } from './hydrate-later';

afterEach(cleanup);

describe('HydrateLater', () => {
  it('renders its part at once outside a hydration pass (server, pages the browser draws)', () => {
    render(
      <HydrateLater name="outside">
        <footer>Footer</footer>
      </HydrateLater>,
    );
    expect(screen.getByText('Footer')).toBeTruthy();
    expect(waitForTurn('outside')).toBeNull();
  });

  it('makes the parts met while hydrating wait, each for a task of its own after the page, in order', async () => {
    const log: string[] = [];
    const finished = hydrateInTurns(() => {
      for (const name of ['first', 'second']) {
        const waiting = waitForTurn(name);
        expect(waiting).toBeInstanceOf(Promise);
        void waiting?.then(() => {
          // When the first part's turn comes, the second's has not: it needs another task.
          log.push(`${name} (second still waiting: ${waitForTurn('second') !== null})`);
        });
      }
      // The same part rendered twice in the pass shares its turn.
      expect(waitForTurn('first')).toBe(waitForTurn('first'));
    });
    // After the pass, a part still waiting keeps waiting when rendered again.
    expect(waitForTurn('first')).toBeInstanceOf(Promise);
    await Promise.resolve();
    expect(log).toEqual([]);
    await finished;
    expect(log).toEqual(['first (second still waiting: true)', 'second (second still waiting: false)']);
    // Hydrated: they render at once from now on.
    expect(waitForTurn('first')).toBeNull();
    expect(waitForTurn('second')).toBeNull();
  });

  it('gives a part met while another hydrates a turn of its own, and waits for it before finishing', async () => {
    const log: string[] = [];
    const finished = hydrateInTurns(() => {
      void waitForTurn('outer')?.then(() => {
        log.push('outer');
        // The outer part renders its children in its turn: the nested part waits for another task.
        const nested = waitForTurn('nested');
        expect(nested).toBeInstanceOf(Promise);
        void nested?.then(() => log.push('nested'));
      });
    });
    void finished.then(() => log.push('finished'));
    await finished;
    expect(log).toEqual(['outer', 'nested', 'finished']);
    expect(waitForTurn('nested')).toBeNull();
  });

  it('lets work that replaces server markup wait until the last part has hydrated', async () => {
    const log: string[] = [];
    void afterHydration().then(() => log.push('before any hydration: at once'));
    await Promise.resolve();
    expect(log).toEqual(['before any hydration: at once']);
    const finished = hydrateInTurns(() => {
      void waitForTurn('later-part')?.then(() => log.push('part hydrated'));
      void afterHydration().then(() => log.push('after hydration'));
    });
    await finished;
    await Promise.resolve();
    expect(log).toEqual(['before any hydration: at once', 'part hydrated', 'after hydration']);
  });
});
