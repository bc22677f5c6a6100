import { functionalStorage } from '../../lib/consent';

/**
 * The guest's 'Wishlist alerts' reminder after a heart (storefront.md 2 screen 9, 4) appears once,
 * not after every heart: unless the reply hides it (HideWishlistAlertReminder), and only if it has
 * not been shown before (kept in functional storage, and for the visit in memory without consent).
 */
export const ALERT_REMINDER_KEY = 'wishlist-alert-reminder-seen';
let shownThisVisit = false;

export function shouldShowAlertReminder(hiddenByServer: boolean): boolean {
  if (hiddenByServer || shownThisVisit) return false;
  return functionalStorage.get(ALERT_REMINDER_KEY) !== '1';
}

export function markAlertReminderShown(): void {
  shownThisVisit = true;
  functionalStorage.set(ALERT_REMINDER_KEY, '1');
}

/** For tests: a fresh visit. */
export function resetAlertReminderForTests(): void {
  shownThisVisit = false;
}
