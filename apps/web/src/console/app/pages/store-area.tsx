import { Outlet, useParams } from 'react-router';
import { useConsoleMe } from '../../lib/get-console-me';
import { ConsoleContext } from '../../lib/use-console-store';
import { ConsoleNotFound } from './console-not-found';

/** A store of the path that this staff member runs, provided to the pages under it; any other is not found. */
export function StoreArea() {
  const me = useConsoleMe();
  const { storeId } = useParams();
  if (me.status !== 'done') return null;
  const store = me.value.Stores.find((s) => String(s.Id) === storeId);
  if (!store) return <ConsoleNotFound />;
  return (
    <ConsoleContext.Provider value={{ me: me.value, store }}>
      <Outlet />
    </ConsoleContext.Provider>
  );
}
