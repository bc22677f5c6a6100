import type { GlobalPayPayload } from '@shop/contract';
import { useEffect, useRef } from 'react';

/** The frame's sandbox (checkout.md section 9): scripts, forms, same-origin and top navigation. */
export const GLOBALPAY_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin allow-top-navigation';

/**
 * Global Payments' hosted page in a frame: a hidden form with the signed HPP fields is posted into it once
 * (its action is GlobalPayActionUrl, its target the frame). The card is typed there; it never reaches the shop.
 */
export function GlobalPayFrame({ payload, height }: { payload: GlobalPayPayload; height: string }) {
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const name = `globalpay-${payload.TrackingNumber.replace(/[^A-Za-z0-9-]/g, '')}`;
  useEffect(() => {
    form.current?.submit();
    frame.current?.focus();
  }, []);
  return (
    <div className="payment-globalpay__frame-wrap">
      <iframe
        ref={frame}
        name={name}
        title="Secure card payment by Global Payments"
        sandbox={GLOBALPAY_FRAME_SANDBOX}
        className="payment-globalpay__frame"
        style={{ height }}
      />
      <form ref={form} method="post" action={payload.GlobalPayActionUrl} target={name} hidden>
        {Object.entries(payload.FormFields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
      </form>
    </div>
  );
}
