import type { FormSenderOptions } from '../../../lib/form-sender';

/**
 * How every settings section speaks when it is sent (formSender's options): the settings' words
 * and manners, older than the admin forms' and kept as staff know them. Their sentence above the
 * button, said for the server's refusals too; a sentence of their own when a failure has none;
 * the focus left where it is; and the last save's messages gone while the next is on its way.
 */
export const SECTION_SENDING = {
  correctMessage: 'Please correct the marked fields.',
  correctAfterRefusal: true,
  failedMessage: 'Sorry, the settings could not be saved. Please try again.',
  focusInvalid: false,
  clearOnSend: true,
} as const satisfies Partial<FormSenderOptions<unknown, unknown, unknown>>;
