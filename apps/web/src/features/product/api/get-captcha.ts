import type { CaptchaValue } from '@shop/contract';
import { apiGet } from '../../../lib/api-client';

export const CAPTCHA_PATH = '/c3api/captcha';

/** A new captcha picture; its answer goes back as recaptchaToken = `${Token}:${answer}`. */
export function getCaptcha(signal?: AbortSignal): Promise<CaptchaValue> {
  return apiGet<CaptchaValue>(CAPTCHA_PATH, signal);
}

export function captchaToken(token: string, answer: string): string {
  const trimmed = answer.trim();
  return trimmed ? `${token}:${trimmed}` : '';
}
