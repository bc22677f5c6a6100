import { createContext } from 'react';
import type { ConsentChoice } from './consent';

/**
 * The cookie choice the server read from the request (its `cookie-consent` cookie), for the page it
 * renders and its hydration: null for a visitor who has not chosen (the banner is drawn), undefined
 * where no server rendered the page (the browser reads its own storage).
 */
export const ServerConsentContext = createContext<ConsentChoice | null | undefined>(undefined);
