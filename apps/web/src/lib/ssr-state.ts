import type { DehydratedState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { scriptJson } from './script-json';

/** The id of the script tag that carries the server's query cache to the browser. */
export const SSR_STATE_ID = 'shop-state';

/** Dispatched on window once the browser has hydrated the server's HTML (main.tsx). */
export const HYDRATED_EVENT = 'shop:hydrated';

/** The dehydrated query cache as text safe inside `<script type="application/json">`. */
export function serializeState(state: unknown): string {
  return scriptJson(state);
}

/** What the server hands over: its query cache, and the viewport width it drew the page for. */
interface ServerState extends DehydratedState {
  viewportWidth?: number;
  /** The cookie choice the server drew the page for (null: the banner is in the page). */
  consent?: 'accepted' | 'declined' | null;
}

/** The server's state from the page, or null on a page the server did not render (the SPA shell). */
export function readServerState(doc: Document): ServerState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true in the browser otherwise (and in a browser-only
 * render from the start): for what only exists in a browser, such as a portal into document.body.
 * React reads the server's value for every component it hydrates, also in a Suspense boundary
 * hydrated after the rest, so this holds per component rather than for one moment of the page.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * True when this render draws HTML the server sends, or hydrates it: hooks then start from the
 * data the server loaded into the query cache, and leave what only this browser knows (local
 * storage, the motion setting) to an effect, so the first render matches the server's.
 */
export function useRendersServerHtml(): boolean {
  return !useInBrowser();
}
