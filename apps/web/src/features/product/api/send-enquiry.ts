import type { EnquiryBody } from '@shop/contract';
import { apiPost } from '../../../lib/api-client';

/** d/m/yyyy in the shopper's own time zone, as the enquiry call expects. */
export function enquiryDate(now = new Date()): string {
  return `${now.getDate()}/${now.getMonth() + 1}/${now.getFullYear()}`;
}

/** POST /c3api/product/enquiry; apiPost adds the anti-forgery header. */
export function sendEnquiry(body: EnquiryBody): Promise<{ EnquiryId: number }> {
  return apiPost<{ EnquiryId: number }>('/c3api/product/enquiry', body);
}
