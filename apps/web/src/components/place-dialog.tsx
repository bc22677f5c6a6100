import type { Region, ShopperPlace } from '@shop/contract';
import { Modal } from './modal';
import { PlaceForm } from './place-form';

/**
 * The location control in a dialog: the header's place button, the search page's Near button, the
 * product page's "Set your location" and the cart open it. Loaded at the first press
 * (use-place-dialog.ts), so pages that never ask pay nothing for it.
 */
export function PlaceDialog({
  open,
  region,
  place,
  within,
  onClose,
  onPlace,
  onClear,
}: {
  open: boolean;
  region: Region;
  /** The place set now, if any: its label fills the field and Clear location is offered. */
  place: ShopperPlace | null;
  /** The search page's radius ('' any distance); without it the dialog takes the place alone. */
  within?: { value: string; onChange: (value: string) => void } | undefined;
  onClose: () => void;
  onPlace: (place: ShopperPlace) => void;
  onClear: () => void;
}) {
  const initialText = place && place.Label !== 'Your location' ? place.Label : '';
  return (
    <Modal open={open} title={within ? 'Items near you' : 'Your location'} onClose={onClose} className="place-dialog">
      {open ? (
        <PlaceForm
          region={region}
          initialText={initialText}
          radius={within}
          submitLabel={within ? 'Show items near here' : 'Set location'}
          onPlace={onPlace}
          onClear={place ? onClear : undefined}
          autoFocus
        />
      ) : null}
    </Modal>
  );
}
