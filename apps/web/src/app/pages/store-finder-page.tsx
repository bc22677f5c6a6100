import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoadError } from '../../components/page-load-error';
import { useStoreFinder } from '../../features/stores/api/get-store-finder';
import { StoreFinder } from '../../features/stores/components/store-finder';
import { forgetPlace, nearOf, OWN_LOCATION_LABEL, rememberPlace, useShopperPlace } from '../../lib/shopper-place';
import { useSiteSettings } from '../../lib/site-settings';
import { useDocumentTitle } from '../../lib/use-document-title';

const LAT_LNG = /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/;

/**
 * /stores: every store of the region, nearest first from `?near=` (a shareable place), or by state
 * then name. A URL without a place takes the shopper's remembered one once the page has hydrated.
 */
export function StoreFinderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const near = params.get('near')?.trim() || undefined;
  const { Region: region } = useSiteSettings();
  const remembered = useShopperPlace(region);
  const finder = useStoreFinder(near);
  useDocumentTitle('Find a store');

  useEffect(() => {
    if (!near && remembered)
      navigate(`/stores?${new URLSearchParams({ near: nearOf(remembered) })}`, { replace: true });
  }, [near, remembered, navigate]);

  const label = !near
    ? null
    : remembered && nearOf(remembered) === near
      ? remembered.Label
      : LAT_LNG.test(near)
        ? OWN_LOCATION_LABEL
        : near;
  if (finder.failed) {
    return (
      <PageLoadError title="The stores could not be shown" message="Please try again soon." onRetry={finder.reload} />
    );
  }
  return (
    <StoreFinder
      region={region}
      stores={finder.stores}
      place={finder.placeError ? null : label}
      placeError={finder.placeError}
      onPlace={(place) => {
        rememberPlace(region, place);
        navigate(`/stores?${new URLSearchParams({ near: nearOf(place) })}`);
      }}
      onClear={() => {
        forgetPlace(region);
        navigate('/stores');
      }}
    />
  );
}
