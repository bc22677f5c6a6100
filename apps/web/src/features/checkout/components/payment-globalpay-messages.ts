import { GlobalPayFrameMessageSchema } from '@shop/contract';

/** What a window message from the card frame means for the panel. */
export type FrameSignal =
  | { kind: 'height'; height: string }
  | { kind: 'paid'; confirmationUrl: string }
  | { kind: 'error'; key: string };

/** The origin whose messages the panel accepts: exactly the HPP action URL's (checkout.md section 7). */
export function frameOrigin(actionUrl: string): string | null {
  try {
    return new URL(actionUrl, window.location.href).origin;
  } catch {
    return null;
  }
}

const HEIGHT = /^\d{1,5}(\.\d+)?(px)?$/;

/**
 * Reads a message event: anything not from `origin` exactly, or not the frame's JSON (rxp-js sends a JSON
 * string; an object is read too), is ignored (null). Heights are plain pixel sizes only.
 */
export function readFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string | null,
): FrameSignal | null {
  if (!origin || event.origin !== origin) return null;
  let data: unknown = event.data;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = GlobalPayFrameMessageSchema.safeParse(data);
  if (!parsed.success) return null;
  const message = parsed.data;
  if (message.confirmationUrl?.startsWith('/') && !message.confirmationUrl.startsWith('//'))
    return { kind: 'paid', confirmationUrl: message.confirmationUrl };
  if (message.error !== undefined) return { kind: 'error', key: message.error };
  const height = message.iframe?.height;
  if (height && HEIGHT.test(height)) return { kind: 'height', height: height.endsWith('px') ? height : `${height}px` };
  return null;
}
