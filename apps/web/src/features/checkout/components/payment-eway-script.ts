/**
 * Eway's browser script (eCrypt.js, from the URL the process call names) and the attempts the page
 * opened with it. The script puts `window.eCrypt` on the page; its modal calls back once with
 * 'Complete', 'Error' or 'Cancel'.
 */
export type EcryptResult = 'Complete' | 'Error' | 'Cancel' | (string & {});

export interface Ecrypt {
  showModalPayment(
    config: { sharedPaymentUrl: string },
    callback: (result: EcryptResult, transactionID: number | null, errors: string | null) => void,
  ): void;
}

declare global {
  interface Window {
    eCrypt?: Partial<Ecrypt>;
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;
const loading = new Map<string, Promise<Ecrypt>>();

function ready(): Ecrypt | null {
  const ecrypt = window.eCrypt;
  return ecrypt && typeof ecrypt.showModalPayment === 'function' ? (ecrypt as Ecrypt) : null;
}

/**
 * Loads eCrypt.js once per URL (a tag already on the page is reused; a failed load may be tried
 * again) and resolves its API as it is now on the page.
 */
export function loadEcrypt(src: string): Promise<Ecrypt> {
  const onPage = [...document.querySelectorAll('script[data-ecrypt]')].some((s) => s.getAttribute('src') === src);
  const api = ready();
  if (onPage && api) return Promise.resolve(api);
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<Ecrypt>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.ecrypt = '';
    const timer = window.setTimeout(() => fail(new Error('eCrypt.js did not load in time')), SCRIPT_TIMEOUT_MS);
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      reject(error);
    }
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      const loaded = ready();
      if (loaded) resolve(loaded);
      else fail(new Error('eCrypt.js loaded without showModalPayment'));
    });
    script.addEventListener('error', () => fail(new Error('eCrypt.js failed to load')));
    document.head.appendChild(script);
  }).finally(() => loading.delete(src));
  loading.set(src, promise);
  return promise;
}

/** Opens the modal and resolves its one result. */
export function showEwayModal(
  ecrypt: Ecrypt,
  sharedPaymentUrl: string,
): Promise<{ result: EcryptResult; errors: string | null }> {
  return new Promise((resolve) => {
    ecrypt.showModalPayment({ sharedPaymentUrl }, (result, _transactionID, errors) => resolve({ result, errors }));
  });
}

/** Access codes of attempts left open, by tracking number: cancelling one needs both. */
const openAttempts = new Map<string, string>();

export function rememberAttempt(trackingNumber: string, accessCode: string): void {
  openAttempts.set(trackingNumber, accessCode);
}

export function forgetAttempt(trackingNumber: string): void {
  openAttempts.delete(trackingNumber);
}

export function accessCodeOf(trackingNumber: string): string | null {
  return openAttempts.get(trackingNumber) ?? null;
}
