import { type ReactNode, Suspense } from 'react';

/**
 * Below-the-fold parts of a server-rendered page hydrated in tasks of their own (the total
 * blocking time budget).
 *
 * Preact hydrates a whole page in one synchronous pass: on a phone-speed CPU that was one task of
 * 200-350 ms, all of it blocking. A part wrapped in `<HydrateLater>` suspends during that pass;
 * Preact keeps its server markup on screen untouched (suspended hydration) and hydrates it when
 * its turn comes, one part per task, in the order the parts were met. The shopper sees no
 * difference: the markup is there from the first paint, and a part becomes interactive a few
 * milliseconds after the rest. Outside the hydration pass (server rendering, pages the browser
 * draws, unit tests) the part renders as usual.
 *
 * The part must render one root element: suspended hydration keeps the markup of the element it
 * stopped at. And what differs between the server's render and the browser's (useInBrowser, the
 * viewport) must be worked out inside the part, not passed in by the page: hydration leaves
 * attributes as the server wrote them, and a part hydrating after the page's own update would
 * keep the server's values for good (ShareToggle works out its own full address for this reason).
 */
/** From the start of the hydration pass until its last later part has hydrated. */
let hydrating = false;
const turns = new Map<string, Promise<void>>();
const done = new Set<string>();
let last: Promise<void> = Promise.resolve();
let hydrated: Promise<void> = Promise.resolve();
let markHydrated: () => void = () => {};

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function turn(name: string): Promise<void> {
  let waiting = turns.get(name);
  if (!waiting) {
    // Each part after the one before, each in a task of its own.
    waiting = last.then(nextTask).then(() => {
      done.add(name);
    });
    last = waiting;
    turns.set(name, waiting);
  }
  return waiting;
}

/**
 * What the part `name` waits for before it renders: its turn while the page hydrates (and until
 * that turn, even if its parent renders it again meanwhile), else nothing. A part met while an
 * earlier part hydrates in its turn waits for a turn of its own too: nested parts split a big part
 * (the search page's refine panel and results) into tasks of their own.
 */
export function waitForTurn(name: string): Promise<void> | null {
  return !done.has(name) && (hydrating || turns.has(name)) ? turn(name) : null;
}

function Gate({ name, children }: { name: string; children: ReactNode }) {
  const waiting = waitForTurn(name);
  if (waiting) throw waiting;
  return <>{children}</>;
}

export function HydrateLater({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate name={name}>{children}</Gate>
    </Suspense>
  );
}

/**
 * Hydrates the page with `hydrate`, leaving the `<HydrateLater>` parts for later tasks; resolves
 * once every part has hydrated too (the journeys then check no element was replaced).
 */
export async function hydrateInTurns(hydrate: () => void): Promise<void> {
  hydrating = true;
  hydrated = new Promise<void>((resolve) => {
    markHydrated = resolve;
  });
  try {
    hydrate();
    // Until no part is left: a part hydrating in its turn may meet parts of its own, which take
    // turns after the last.
    let waited: Promise<void> | null = null;
    while (waited !== last) {
      waited = last;
      await waited;
      // The last part hydrates in the render its turn started: let that render finish.
      await nextTask();
    }
  } finally {
    hydrating = false;
    markHydrated();
  }
}

/**
 * True while the browser hydrates the server's HTML (the main pass and the later parts): a
 * component mounted now is drawn over markup the server already made.
 */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * Resolves once the page has hydrated (at once outside hydration): for work whose answer replaces
 * server markup, such as the enquiry form's captcha picture. Started during hydration, its answer
 * could arrive before a later part hydrates and replace markup mid-hydration, which the journeys
 * (rightly) count as a mismatch; and a request the shopper does not need yet is blocking time.
 */
export function afterHydration(): Promise<void> {
  return hydrating ? hydrated : Promise.resolve();
}
