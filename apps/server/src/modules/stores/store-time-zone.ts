/**
 * The time zone a store keeps, from where it is: an Australian store's state or territory (each
 * has one zone: Queensland keeps no daylight saving, South Australia and the Northern Territory
 * are half an hour off their neighbours, Western Australia two hours behind the east), and every UK
 * store (Northern Ireland's too) on UK time.
 */
const AU_STATE_ZONES: Record<string, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  WA: 'Australia/Perth',
  TAS: 'Australia/Hobart',
  NT: 'Australia/Darwin',
};

export function storeTimeZone(store: { region: string; state: string }): string {
  if (store.region !== 'AU') return 'Europe/London';
  // A state we do not know (none today) keeps the eastern states' time rather than failing the order.
  return AU_STATE_ZONES[store.state.toUpperCase()] ?? 'Australia/Sydney';
}
