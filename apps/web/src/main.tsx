// The base styles first, so that each feature's own CSS (imported by its components) comes later and wins.
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, preloadRoute } from './app/router';
import { ApiError } from './lib/api-client';
import { primeHistoryIndex } from './lib/history-index';
import { hydrateInTurns } from './lib/hydrate-later';
import { createQueryClient } from './lib/query-client';
import { HYDRATED_EVENT, readServerState } from './lib/ssr-state';

/** A fresh task: what follows is not blocking time added to the task before. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app, its steps in tasks of their own (the total blocking time budget): started with the
 * shell's evaluation, the state, the page's chunk and the hydration were one task of 270 ms at a
 * phone's speed on a product page; each is now its own.
 */
async function start(root: HTMLElement) {
  await nextTask();
  primeHistoryIndex();
  const client = createQueryClient();
  const state = readServerState(document);
  const app = (
    <StrictMode>
      <AppRouter
        client={client}
        viewportWidth={state?.viewportWidth ?? null}
        serverConsent={state ? (state.consent ?? null) : undefined}
      />
    </StrictMode>
  );
  if (!state) {
    // A page the server did not render (the account area, checkout...): the app draws it, its
    // chunk loaded first so the page does not flash its loading state.
    await preloadRoute(window.location.pathname).catch(() => undefined);
    createRoot(root).render(app);
    return;
  }
  // The server's answers go into the cache first, so the first render draws what the server drew
  // without asking again.
  hydrate(client, state);
  // A failure the server met (a product's 404) arrives as JSON: make it the error the app reads.
  for (const query of client.getQueryCache().getAll()) {
    const error = query.state.error as { message?: string; status?: number } | null;
    if (query.state.status === 'error' && error && !(error instanceof Error)) {
      query.setState({ error: new ApiError(error.message ?? '', error.status ?? 0) });
    }
  }
  // The page's chunk first (the boot script started it with the entry): the whole page then
  // hydrates in one pass. Hydrating while it still loads would leave its Suspense boundary for
  // later, and an update arriving meanwhile (the cart, the viewer) makes React draw that boundary
  // afresh in the browser, asking the API again for what the server sent.
  await nextTask();
  await preloadRoute(window.location.pathname).catch(() => undefined);
  await nextTask();
  // The frame in one pass; the header, the page, its below-the-fold parts and the footer
  // (HydrateLater) each in a task after it.
  await hydrateInTurns(() => hydrateRoot(root, app));
  // Hydration is done: the journeys check that it kept every element the server drew, which is
  // what a mismatch would replace.
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void start(root);
