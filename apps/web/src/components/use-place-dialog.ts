import { type ComponentType, useState } from 'react';
import type { PlaceDialog } from './place-dialog';

type Dialog = ComponentType<Parameters<typeof PlaceDialog>[0]>;

/**
 * The place dialog's code, fetched at the first press: the pages that offer it (every page, by the
 * header) pay nothing for the form, its modal and its field until a shopper asks for them.
 */
export function usePlaceDialog() {
  const [Loaded, setLoaded] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    setOpen(true);
    if (!Loaded) void import('./place-dialog').then((module) => setLoaded(() => module.PlaceDialog));
  };
  return { Dialog: Loaded, open, show, close: () => setOpen(false) };
}
