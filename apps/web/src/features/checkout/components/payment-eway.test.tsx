// @vitest-environment jsdom
import { CHECKOUT_ERROR_MESSAGE, EWAY_PROGRESS_MESSAGES } from '@shop/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, type RecordedCall, stubFetch } from '../../../test/fetch-stub';
import { paymentProps } from './delivery-test-fixtures';
import { cancelEwayPending, EwayPanel } from './payment-eway';
import { type EcryptResult, loadEcrypt } from './payment-eway-script';
import type { ProviderPanelProps } from './payment-providers';

const PAGE = {
  EwayFormActionUrl: 'https://pay.example/eway/sharedpage/sharedpayment?AccessCode=A1001code',
  Accesstoken: 'A1001code',
  TrackingNumber: 'PAY-7K2M9Q',
  EwayScriptUrl: 'https://pay.example/eway/scripts/eCrypt.js',
};
const CONFIRMATION = '/checkout/confirmation/ORD-7K2M9Q?key=abc';
const VALIDATE = 'POST /c3api/checkout/eway/validate';
const CANCEL = 'POST /c3api/checkout/eway/cancel';
const LOG = 'POST /c3api/checkout/eway/logerror';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.eCrypt;
  for (const script of document.querySelectorAll('script[data-ecrypt]')) script.remove();
});

/** eCrypt.js as the page sees it: the modal "opens" and the test decides its result. */
function fakeEcrypt(result: EcryptResult | Promise<EcryptResult>, errors: string | null = null) {
  const opened: { sharedPaymentUrl: string }[] = [];
  window.eCrypt = {
    showModalPayment(config, callback) {
      opened.push(config);
      void Promise.resolve(result).then((r) => callback(r, r === 'Complete' ? 21000001 : null, errors));
    },
  };
  // jsdom loads no scripts: the tag's load event is fired by hand once it is added.
  const observer = new MutationObserver(() => {
    const script = document.querySelector('script[data-ecrypt]');
    if (script) {
      observer.disconnect();
      script.dispatchEvent(new Event('load'));
    }
  });
  observer.observe(document.head, { childList: true });
  return opened;
}

function panelProps(overrides: Partial<ProviderPanelProps> = {}): ProviderPanelProps {
  const base = paymentProps();
  return {
    region: 'AU',
    view: base.view,
    total: base.total,
    details: base.details,
    billingAddress: base.billingAddress,
    delivery: base.delivery,
    processing: false,
    placeOrder: vi.fn(async () => ({ ...PAGE })),
    setPending: vi.fn(),
    complete: vi.fn(async () => undefined),
    release: vi.fn(),
    ...overrides,
  };
}

function renderPanel(props = panelProps()) {
  render(<EwayPanel {...props} />);
  return { user: userEvent.setup(), props };
}

const press = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: /Place order/ }));
const callsTo = (calls: RecordedCall[], path: string) => calls.filter((c) => c.url === path);

describe('EwayPanel', () => {
  it('pays: places the order, opens the modal on the shared page, validates and goes to the confirmation', async () => {
    const calls = stubFetch({ [VALIDATE]: () => envelope({ ConfirmationUrl: CONFIRMATION }) });
    const opened = fakeEcrypt('Complete');
    const { user, props } = renderPanel();
    await press(user);
    await waitFor(() => expect(props.complete).toHaveBeenCalledWith(CONFIRMATION));
    expect(opened).toEqual([{ sharedPaymentUrl: PAGE.EwayFormActionUrl }]);
    expect(callsTo(calls, '/c3api/checkout/eway/validate')[0]?.body).toEqual({
      AccessCode: PAGE.Accesstoken,
      Errors: null,
      IsComplete: true,
    });
    expect(props.setPending).toHaveBeenNthCalledWith(1, PAGE.TrackingNumber);
    expect(props.setPending).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('status').textContent).toBe(EWAY_PROGRESS_MESSAGES.complete);
    expect(props.release).not.toHaveBeenCalled();
    expect(document.querySelectorAll('script[data-ecrypt]')).toHaveLength(1);
  });

  it('shows each progress message in a live region while it works', async () => {
    let answer: (value: Response) => void = () => undefined;
    stubFetch({ [VALIDATE]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    let close: (result: EcryptResult) => void = () => undefined;
    fakeEcrypt(new Promise<EcryptResult>((resolve) => (close = resolve)));
    let placed: (value: Record<string, unknown>) => void = () => undefined;
    const { user } = renderPanel(
      panelProps({ placeOrder: vi.fn(() => new Promise<Record<string, unknown>>((resolve) => (placed = resolve))) }),
    );
    await press(user);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe(EWAY_PROGRESS_MESSAGES.starting);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    placed({ ...PAGE });
    await waitFor(() => expect(status.textContent).toBe(EWAY_PROGRESS_MESSAGES.contactingBank));
    close('Complete');
    await waitFor(() => expect(status.textContent).toBe(EWAY_PROGRESS_MESSAGES.validating));
    answer(envelope({ ConfirmationUrl: CONFIRMATION }));
    await waitFor(() => expect(status.textContent).toBe(EWAY_PROGRESS_MESSAGES.complete));
  });

  it('declined: the server’s message goes to the banner and the button is usable again', async () => {
    const message = 'Your payment was declined because of insufficient funds. Please use another card.';
    const calls = stubFetch({ [VALIDATE]: () => envelope({ ErrorMessage: message }) });
    fakeEcrypt('Complete');
    const { user, props } = renderPanel();
    await press(user);
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(message));
    expect(props.complete).not.toHaveBeenCalled();
    expect(callsTo(calls, '/c3api/checkout/eway/cancel')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancelled in the modal: cancels the order with its access code and resets without a message', async () => {
    const calls = stubFetch({ [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }) });
    fakeEcrypt('Cancel');
    const { user, props } = renderPanel();
    await press(user);
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(null));
    expect(callsTo(calls, '/c3api/checkout/eway/cancel')[0]?.body).toEqual({
      AccessToken: PAGE.Accesstoken,
      TrackingNumber: PAGE.TrackingNumber,
    });
    expect(callsTo(calls, '/c3api/checkout/eway/validate')).toHaveLength(0);
    expect(props.setPending).toHaveBeenLastCalledWith(null);
  });

  it('cancelled, but Eway says it was paid meanwhile: goes to the confirmation', async () => {
    stubFetch({ [CANCEL]: () => envelope({ Status: 'paid', ConfirmationUrl: CONFIRMATION }) });
    fakeEcrypt('Cancel');
    const { user, props } = renderPanel();
    await press(user);
    await waitFor(() => expect(props.complete).toHaveBeenCalledWith(CONFIRMATION));
    expect(props.release).not.toHaveBeenCalled();
  });

  it.each([
    ['an Error result', 'Error' as EcryptResult, () => envelope({ ConfirmationUrl: CONFIRMATION })],
    ['an unknown result', 'Timeout' as EcryptResult, () => envelope({ ConfirmationUrl: CONFIRMATION })],
    ['a missing confirmation URL', 'Complete' as EcryptResult, () => envelope({})],
    ['a failed validate call', 'Complete' as EcryptResult, () => envelope(null, 500, 'boom')],
  ])(
    '%s: logged to the error-log call, the attempt ended, and the generic error shown',
    async (_name, result, reply) => {
      const calls = stubFetch({
        [VALIDATE]: reply,
        [LOG]: () => envelope({ Logged: true }),
        [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }),
      });
      fakeEcrypt(result, result === 'Error' ? 'V6107' : null);
      const { user, props } = renderPanel();
      await press(user);
      await waitFor(() => expect(props.release).toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE));
      expect(callsTo(calls, '/c3api/checkout/eway/logerror')).toHaveLength(1);
      expect(callsTo(calls, '/c3api/checkout/eway/cancel')).toHaveLength(1);
      expect(props.complete).not.toHaveBeenCalled();
    },
  );

  it('a script that cannot load: logged, the attempt ended, the generic error', async () => {
    const calls = stubFetch({
      [LOG]: () => envelope({ Logged: true }),
      [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }),
    });
    const observer = new MutationObserver(() => {
      const script = document.querySelector('script[data-ecrypt]');
      if (script) {
        observer.disconnect();
        script.dispatchEvent(new Event('error'));
      }
    });
    observer.observe(document.head, { childList: true });
    const { user, props } = renderPanel(
      panelProps({ placeOrder: vi.fn(async () => ({ ...PAGE, EwayScriptUrl: 'https://pay.example/broken.js' })) }),
    );
    await press(user);
    await waitFor(() => expect(props.release).toHaveBeenCalledWith(CHECKOUT_ERROR_MESSAGE));
    expect(callsTo(calls, '/c3api/checkout/eway/logerror')[0]?.body).toEqual({
      ErrorData: { stage: 'modal', detail: 'eCrypt.js failed to load' },
    });
    expect(document.querySelector('script[data-ecrypt]')).toBeNull();
  });

  it('an order that could not be placed opens nothing (the step shows why)', async () => {
    const calls = stubFetch({});
    const opened = fakeEcrypt('Complete');
    const { user, props } = renderPanel(panelProps({ placeOrder: vi.fn(async () => null) }));
    await press(user);
    await waitFor(() => expect(props.placeOrder).toHaveBeenCalled());
    expect(opened).toHaveLength(0);
    expect(calls).toHaveLength(0);
    expect(props.release).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('leaving step 3 with the modal left open cancels that attempt by its access code', async () => {
    const calls = stubFetch({ [CANCEL]: () => envelope({ Status: 'cancelled', ConfirmationUrl: null }) });
    fakeEcrypt(new Promise<EcryptResult>(() => undefined));
    const { user, props } = renderPanel();
    await press(user);
    await waitFor(() => expect(props.setPending).toHaveBeenCalledWith(PAGE.TrackingNumber));
    await cancelEwayPending(PAGE.TrackingNumber);
    expect(callsTo(calls, '/c3api/checkout/eway/cancel')[0]?.body).toEqual({
      AccessToken: PAGE.Accesstoken,
      TrackingNumber: PAGE.TrackingNumber,
    });
    // An attempt this page never opened is left alone.
    await cancelEwayPending('PAY-UNKNOWN');
    expect(callsTo(calls, '/c3api/checkout/eway/cancel')).toHaveLength(1);
  });
});

describe('loadEcrypt', () => {
  it('adds the script once per URL and resolves eCrypt once it has loaded', async () => {
    fakeEcrypt('Complete');
    const url = 'https://pay.example/eway/scripts/eCrypt.js?once';
    const [first, second] = await Promise.all([loadEcrypt(url), loadEcrypt(url)]);
    expect(first).toBe(second);
    expect(typeof first.showModalPayment).toBe('function');
    expect(document.querySelectorAll('script[data-ecrypt]')).toHaveLength(1);
  });
});
