import {
  CHECKOUT_ERROR_MESSAGE,
  GlobalPayPageDataSchema,
  type GlobalPayPayload,
  globalPayErrorMessage,
} from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { cancelGlobalPayPayment } from '../api/globalpay-cancel';
import { validateGlobalPayPayment } from '../api/globalpay-validate';
import { type FrameSignal, frameOrigin, readFrameMessage } from './payment-globalpay-messages';
import type { ProviderPanelProps } from './payment-providers';

/** Leaving step 3 with the frame open: the server cancels the order (and voids an authorisation). */
export async function cancelGlobalPayPending(trackingNumber: string): Promise<void> {
  await cancelGlobalPayPayment({ TrackingNumber: trackingNumber });
}

/**
 * The GlobalPay flow (checkout.md sections 4 and 7): place the order, show Global Payments' page in a frame,
 * then act on the frame's messages, accepted only from the action URL's exact origin: a height resizes it, a
 * confirmation URL is checked with the server (validate) before going there, an error key is its message.
 */
export function useGlobalPayPayment(props: ProviderPanelProps) {
  const [payload, setPayload] = useState<GlobalPayPayload | null>(null);
  const [height, setHeight] = useState('520px');
  const [status, setStatus] = useState('');
  const [finishing, setFinishing] = useState(false);
  const latest = useRef(props);
  latest.current = props;

  const close = (message: string | null) => {
    latest.current.setPending(null);
    setPayload(null);
    setFinishing(false);
    setStatus('');
    latest.current.release(message);
  };

  async function finish(signal: Exclude<FrameSignal, { kind: 'height' }>, trackingNumber: string) {
    const p = latest.current;
    setFinishing(true);
    if (signal.kind === 'error') {
      // Declined (the server has failed the attempt) or refused: make sure nothing stays open, then say why.
      await cancelGlobalPayPayment({ TrackingNumber: trackingNumber }).catch(() => undefined);
      close(globalPayErrorMessage(signal.key));
      return;
    }
    setStatus('Validating payment...');
    try {
      const checked = await validateGlobalPayPayment({ TrackingNumber: trackingNumber });
      if (checked.ErrorMessage) return close(checked.ErrorMessage);
      p.setPending(null);
      setStatus('Payment complete.');
      await p.complete(checked.ConfirmationUrl ?? signal.confirmationUrl);
    } catch {
      // The frame's page came from our server after it finished the payment: its confirmation page says the rest.
      p.setPending(null);
      await p.complete(signal.confirmationUrl);
    }
  }

  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    if (!payload) return;
    const origin = frameOrigin(payload.GlobalPayActionUrl);
    let done = false;
    const onMessage = (event: MessageEvent) => {
      const signal = readFrameMessage(event, origin);
      if (!signal || done) return;
      if (signal.kind === 'height') return setHeight(signal.height);
      done = true;
      void finishRef.current(signal, payload.TrackingNumber);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [payload]);

  async function pay() {
    const data = await latest.current.placeOrder();
    if (!data) return;
    const parsed = GlobalPayPageDataSchema.safeParse(data);
    if (!parsed.success) return latest.current.release(CHECKOUT_ERROR_MESSAGE);
    latest.current.setPending(parsed.data.TrackingNumber);
    setHeight('520px');
    setPayload(parsed.data.GlobalPayPayload);
  }

  async function cancel() {
    if (!payload) return;
    setFinishing(true);
    try {
      const result = await cancelGlobalPayPayment({ TrackingNumber: payload.TrackingNumber });
      if (result.Status === 'paid' && result.ConfirmationUrl) {
        latest.current.setPending(null);
        return await latest.current.complete(result.ConfirmationUrl);
      }
      close(null);
    } catch {
      close(CHECKOUT_ERROR_MESSAGE);
    }
  }

  return { payload, height, status, finishing, pay, cancel };
}
