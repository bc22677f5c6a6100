import { CAPTCHA_REQUIRED, type EnquiryBody } from '@shop/contract';
import { inTransaction } from '../../db/unit-of-work.js';
import type { Ctx } from '../../lib/context.js';
import { invalidInput, NotFoundError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/rich-text.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import { productUrl } from '../catalogue/catalogue.mapper.js';
import { type CatalogueService, normaliseCode } from '../catalogue/catalogue.service.js';
import type { MailMessage, MailService } from '../mail/mail.service.js';
import { mailFrame } from '../mail/mail-layout.js';
import type { StoresService } from '../stores/stores.service.js';
import { EnquiriesRepository } from './enquiries.repository.js';

/** d/m/yyyy naming a real calendar day. */
function isCalendarDate(value: string): boolean {
  const [d, m, y] = value.split('/').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A shopper's question about an item, sent to the item's store. Steps, each with what it guarantees:
 * 1. the captcha is checked (and used up), so a failed answer stores and sends nothing;
 * 2. the item must be one of this region's, or 404;
 * 3. the enquiry and its e-mail to the store are written in one transaction: both or neither.
 */
export class EnquiriesService {
  private readonly repository = new EnquiriesRepository();

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly stores: StoresService,
    private readonly captcha: CaptchaService,
    private readonly mail: MailService,
    /** The shop's public address, for the item's link in the e-mail. */
    private readonly publicUrl: string,
  ) {}

  async submit(ctx: Ctx, body: EnquiryBody): Promise<{ EnquiryId: number }> {
    if (!isCalendarDate(body.date)) throw invalidInput('date', 'must be a date written d/m/yyyy');
    if (!(await this.captcha.verify(ctx, body.recaptchaToken))) {
      throw invalidInput('recaptchaToken', `The characters did not match the picture. ${CAPTCHA_REQUIRED}`);
    }
    const product = await this.catalogue.findByCode(ctx, body.productCode);
    const store = product ? await this.stores.storeById(ctx, product.storeId) : null;
    if (!product || !store) throw new NotFoundError(`No item with code ${normaliseCode(body.productCode)}`);

    const link = `${this.publicUrl}${productUrl(product.code, product.slug)}`;
    const message: MailMessage = {
      to: store.email,
      replyTo: body.email,
      subject: `Enquiry about ${product.title} (${product.code})`,
      text: [
        `${body.name} asked about an item at ${store.name}.`,
        '',
        `Item: ${product.title}`,
        `Code: ${product.code}`,
        `Link: ${link}`,
        '',
        `Name: ${body.name}`,
        `E-mail: ${body.email}`,
        `Date: ${body.date}`,
        '',
        'Message:',
        body.message,
        '',
        'Reply to this e-mail to answer the shopper.',
      ].join('\n'),
      html: mailFrame(
        [
          `<p><strong>${escapeHtml(body.name)}</strong> asked about an item at ${escapeHtml(store.name)}.</p>`,
          `<p>Item: <a href="${escapeHtml(link)}">${escapeHtml(product.title)}</a><br>Code: ${escapeHtml(product.code)}</p>`,
          `<p>Name: ${escapeHtml(body.name)}<br>E-mail: ${escapeHtml(body.email)}<br>Date: ${escapeHtml(body.date)}</p>`,
          `<p>${escapeHtml(body.message).replace(/\r?\n/g, '<br>')}</p>`,
          '<p>Reply to this e-mail to answer the shopper.</p>',
        ].join(''),
      ),
    };
    const id = await inTransaction(ctx, async (tx) => {
      const mailId = await this.mail.queue(tx, message);
      return this.repository.insert(tx, {
        product_id: product.id,
        product_code: product.code,
        store_id: product.storeId,
        name: body.name,
        email: body.email,
        message: body.message,
        shopper_date: body.date,
        created_at: new Date().toISOString(),
        mail_id: mailId,
      });
    });
    return { EnquiryId: id };
  }
}
