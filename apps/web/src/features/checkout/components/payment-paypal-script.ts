/**
 * PayPal's JavaScript SDK (PAYPAL_SDK_URL, or the sandbox's /sdk/js in the demo), loaded once per
 * URL. It puts `window.paypal` on the page; `paypal.Buttons(options).render(element)` draws the
 * buttons (PayPal, and Pay Later unless the URL disables it).
 */
export interface PayPalButtonsOptions {
  style: { color: 'blue'; layout: 'vertical' };
  createOrder(): Promise<string>;
  onApprove(data: { orderID: string; payerID?: string | null }): void;
  onCancel(data: { orderID?: string }): void;
  onError(error: unknown): void;
}

export interface PayPalButtons {
  render(target: HTMLElement): Promise<void>;
  close?(): Promise<void>;
}

export interface PayPalSdk {
  Buttons(options: PayPalButtonsOptions): PayPalButtons;
}

declare global {
  interface Window {
    paypal?: Partial<PayPalSdk>;
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;
const loading = new Map<string, Promise<PayPalSdk>>();

function ready(): PayPalSdk | null {
  const sdk = window.paypal;
  return sdk && typeof sdk.Buttons === 'function' ? (sdk as PayPalSdk) : null;
}

/** The SDK's URL for this checkout: client id, currency, capture, and pay later only within its range. */
export function paypalSdkUrl(base: string, clientId: string, currency: 'AUD' | 'GBP', payLater: boolean): string {
  const url = new URL(base, window.location.href);
  url.searchParams.set('client-id', clientId);
  url.searchParams.set('currency', currency);
  url.searchParams.set('intent', 'capture');
  url.searchParams.set('components', 'buttons');
  if (payLater) url.searchParams.set('enable-funding', 'paylater');
  else url.searchParams.set('disable-funding', 'paylater');
  return url.toString();
}

/** Loads the SDK once per URL (a failed load may be tried again) and resolves `window.paypal`. */
export function loadPayPalSdk(src: string): Promise<PayPalSdk> {
  const onPage = [...document.querySelectorAll('script[data-paypal-sdk]')].some((s) => s.getAttribute('src') === src);
  const api = ready();
  if (onPage && api) return Promise.resolve(api);
  const existing = loading.get(src);
  // Still loading (or loaded) from a tag on the page: the same promise.
  if (existing && onPage) return existing;
  const promise = new Promise<PayPalSdk>((resolve, reject) => {
    // Another URL's SDK (pay later on or off) is replaced: the buttons read their script's URL.
    for (const old of document.querySelectorAll('script[data-paypal-sdk]')) old.remove();
    delete window.paypal;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paypalSdk = '';
    const timer = window.setTimeout(() => fail(new Error('the PayPal SDK did not load in time')), SCRIPT_TIMEOUT_MS);
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      loading.delete(src);
      reject(error);
    }
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      const sdk = ready();
      if (sdk) resolve(sdk);
      else fail(new Error('the PayPal SDK loaded without paypal.Buttons'));
    });
    script.addEventListener('error', () => fail(new Error('the PayPal SDK could not be loaded')));
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
