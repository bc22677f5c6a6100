import type { ConsoleMeValue } from '@shop/contract';
import { createContext, useContext } from 'react';

export interface ConsoleContextValue {
  me: ConsoleMeValue;
  /** The store the console shows now (the `:storeId` of the path). */
  store: ConsoleMeValue['Stores'][number];
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

/**
 * The signed-in staff member and the store chosen in the console's header. Only pages under
 * /store-console/stores/:storeId/ read it; the console's layout provides it.
 */
export function useConsoleStore(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsoleStore is used outside a store of the console');
  return value;
}

/** The console's paths, built in one place. */
export const consolePaths = {
  home: '/store-console',
  stock: (storeId: number) => `/store-console/stores/${storeId}/stock`,
  orders: (storeId: number) => `/store-console/stores/${storeId}/orders`,
  settings: (storeId: number) => `/store-console/stores/${storeId}/settings`,
  admin: '/store-console/admin',
};
