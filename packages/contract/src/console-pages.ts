import { z } from 'zod';
import { HelpPageQuerySchema } from './home.js';

/**
 * The marketplace admin's help pages (/help/{slug}: the policies the footer, checkout and the
 * cookie banner link to, and the help articles), under /c3api/console/admin/pages. The slug is
 * fixed: the shop's links name it. The body is HTML in the shop's rich-text rules, sanitised on the
 * way in and again on the way out.
 */

export const AdminPageParamsSchema = HelpPageQuerySchema;

export const AdminPageBodySchema = z.object({
  Title: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(120, 'must be at most 120 characters')
    .refine((v) => !/[\r\n]/.test(v), 'must be on one line'),
  /** The page's lead line; the item page shows the returns page's as its summary. */
  Description: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(400, 'must be at most 400 characters'),
  BodyHtml: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(40_000, 'must be at most 40000 characters'),
});
export type AdminPageBody = z.output<typeof AdminPageBodySchema>;
export type AdminPageInput = z.input<typeof AdminPageBodySchema>;

export const AdminPageSchema = z.object({
  Slug: z.string(),
  Title: z.string(),
  Description: z.string(),
  /** As stored: already sanitised. */
  BodyHtml: z.string(),
  /** Where the shop shows it: /help/{slug}. */
  Url: z.string(),
});
export type AdminPage = z.infer<typeof AdminPageSchema>;
export const AdminPageListValueSchema = z.object({ Pages: z.array(AdminPageSchema) });
export type AdminPageListValue = z.infer<typeof AdminPageListValueSchema>;
