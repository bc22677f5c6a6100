import type { Page } from 'playwright-core';

/** The demo's logins (README "Store console"): staff run the first AU store and the first UK store. */
export const STAFF = { email: 'staff@example.com', password: 'secondhand-staff' };
export const ADMIN = { email: 'admin@example.com', password: 'secondhand-admin' };

/** Signs the demo staff member in through the sign-in page and lands in the console's stock. */
export async function signInAsStaff(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login?returnUrl=/store-console`);
  const login = page.getByRole('form', { name: 'Sign in with your email address' });
  await login.getByLabel('Email').fill(STAFF.email);
  await login.getByLabel('Password').fill(STAFF.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
}

/** What the focused control is called: its label, its aria-label, or its text. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element) return '';
    const label = element.labels?.[0]?.textContent ?? '';
    return (label || element.getAttribute('aria-label') || element.textContent || '').trim();
  });
}

/** Presses Tab until the focused control is the one named `name`: the keyboard alone reaches it. */
export async function tabTo(page: Page, name: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
