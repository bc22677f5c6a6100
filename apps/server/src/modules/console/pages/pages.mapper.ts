import type { AdminPage } from '@shop/contract';
import type { HelpPage } from '../../content/content.service.js';

/** The admin's wire shape of a help page (contract console-pages.ts). */
export function toAdminPage(page: HelpPage): AdminPage {
  return {
    Slug: page.slug,
    Title: page.title,
    Description: page.description,
    BodyHtml: page.bodyHtml,
    Url: page.url,
  };
}
