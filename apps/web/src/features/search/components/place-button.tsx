import type { SearchFormData, ShopperPlace } from '@shop/contract';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/icon';
import { usePlaceDialog } from '../../../components/use-place-dialog';
import { forgetPlace, nearOf, OWN_LOCATION_LABEL, rememberPlace, useShopperPlace } from '../../../lib/shopper-place';
import { useSiteSettings } from '../../../lib/site-settings';
import { formFromParams, paramsFromForm, widestWithin, withinValues, withoutPlace, withPlace } from '../search-form';

/** On the search page a place changes the search (`near`); elsewhere it is only remembered. */
function useApplyPlace() {
  const location = useLocation();
  const navigate = useNavigate();
  const onSearch = /^\/search-results(\/|$)/.test(location.pathname);
  return (change: (form: SearchFormData) => SearchFormData) => {
    if (!onSearch) return;
    const form = change({
      ...formFromParams(new URLSearchParams(location.search)),
      page: undefined,
      nonsticky: undefined,
    });
    const qs = paramsFromForm(form).toString();
    navigate(qs ? `${location.pathname}?${qs}` : location.pathname);
    window.scrollTo(0, 0);
  };
}

/**
 * What the header's narrow row shows of a place, the rest read to screen readers only: the postcode
 * a label ends in ("2150" of "Parramatta NSW 2150"), a UK postcode's outward code ("SW1A" of
 * "SW1A 1AA"), and for the shopper's own location the pin alone.
 */
export function shortPlace(place: ShopperPlace): { before: string; shown: string; after: string } {
  const { Label, Postcode } = place;
  if (Label === OWN_LOCATION_LABEL) return { before: 'your location', shown: '', after: '' };
  const code = Postcode && Label.endsWith(Postcode) ? Postcode : null;
  const before = code ? Label.slice(0, -code.length) : '';
  const shown = code ?? Label;
  const space = /^[A-Z0-9]{2,4} [A-Z0-9]{3}$/.test(shown) ? shown.indexOf(' ') : -1;
  return space > 0 ? { before, shown: shown.slice(0, space), after: shown.slice(space) } : { before, shown, after: '' };
}

/**
 * The header's place: "Near 2150" once the shopper has said where they are, "Your location" before;
 * it opens the location control. Read after hydration (the place is this browser's alone).
 */
export function PlaceButton() {
  const { Region: region } = useSiteSettings();
  const place = useShopperPlace(region);
  const dialog = usePlaceDialog();
  const apply = useApplyPlace();
  const choose = (next: ShopperPlace) => {
    rememberPlace(region, next);
    dialog.close();
    apply((form) => withPlace(form, next, withinValues(form).join(',')));
  };
  const clear = () => {
    forgetPlace(region);
    dialog.close();
    apply(withoutPlace);
  };
  return (
    <>
      <button
        type="button"
        className={`place-button${place ? ' place-button--set' : ''}`}
        aria-haspopup="dialog"
        title={place ? `Near ${place.Label}` : 'Your location'}
        onClick={dialog.show}
      >
        <Icon name="pin" size={18} />
        <span className="place-button__text">
          {place ? (
            <>
              <span className="visually-hidden">Near </span>
              {/* The short form where there is one ("2150" of "Parramatta NSW 2150"): the row is narrow. */}
              <span className="visually-hidden">{shortPlace(place).before}</span>
              {shortPlace(place).shown}
              <span className="visually-hidden">{shortPlace(place).after}</span>
            </>
          ) : (
            <span className="visually-hidden">Your location</span>
          )}
        </span>
      </button>
      {dialog.Dialog ? (
        <dialog.Dialog
          open={dialog.open}
          region={region}
          place={place}
          onClose={dialog.close}
          onPlace={choose}
          onClear={clear}
        />
      ) : null}
    </>
  );
}

/**
 * The search page's location control, beside the sort: "Near 2150" while the search has a place,
 * "Near me" before. Its dialog takes the place and the radius; applying puts `near`, `within` and
 * the distance order in the URL (the URL is the search's state; the other filters stay as they are).
 */
export function NearButton() {
  const { Region: region } = useSiteSettings();
  const remembered = useShopperPlace(region);
  const dialog = usePlaceDialog();
  const [params] = useSearchParams();
  const apply = useApplyPlace();
  const urlForm = formFromParams(params);
  const near = urlForm.near;
  const within = widestWithin(urlForm);
  const [radius, setRadius] = useState<string | null>(null);
  // The remembered place names the search's near when it is the one that made it.
  const label = near ? (remembered && nearOf(remembered) === near ? remembered.Label : near) : null;
  const text = label === null ? 'Near me' : label === OWN_LOCATION_LABEL ? 'Near you' : `Near ${label}`;
  return (
    <>
      <button
        type="button"
        className="search-toolbar__near"
        aria-haspopup="dialog"
        onClick={() => {
          setRadius(within);
          dialog.show();
        }}
      >
        <Icon name="pin" size={16} />
        <span className="search-toolbar__near-text">{text}</span>
      </button>
      {dialog.Dialog ? (
        <dialog.Dialog
          open={dialog.open}
          region={region}
          place={remembered}
          within={{ value: radius ?? within, onChange: setRadius }}
          onClose={dialog.close}
          onPlace={(place) => {
            rememberPlace(region, place);
            dialog.close();
            apply((form) => withPlace(form, place, radius ?? within));
          }}
          onClear={() => {
            forgetPlace(region);
            dialog.close();
            apply(withoutPlace);
          }}
        />
      ) : null}
    </>
  );
}
