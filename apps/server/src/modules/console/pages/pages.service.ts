import type { AdminPage, AdminPageBody, AdminPageListValue } from '@shop/contract';
import { inTransaction } from '../../../db/unit-of-work.js';
import type { Ctx } from '../../../lib/context.js';
import { NotFoundError } from '../../../lib/errors.js';
import type { ContentService } from '../../content/content.service.js';
import type { ConsoleAuditService } from '../audit/audit.service.js';
import type { StaffGuard } from '../staff/staff.guard.js';
import { toAdminPage } from './pages.mapper.js';

export interface ConsolePagesDependencies {
  guard: Pick<StaffGuard, 'requireAdmin'>;
  audit: Pick<ConsoleAuditService, 'record'>;
  content: Pick<ContentService, 'helpPagesAsStored' | 'helpPageAsStored' | 'editHelpPage'>;
}

/**
 * The marketplace admin's help pages of the region: the policies (terms, privacy, cookies,
 * returns, contact) and the help articles. Every call passes `requireAdmin` first; a slug the
 * region has no help page by (a store page's included) is 404. A change runs in one transaction
 * with its `page.edit` audit line, written only when a field really changed.
 */
export class ConsolePagesService {
  constructor(private readonly deps: ConsolePagesDependencies) {}

  async pages(ctx: Ctx): Promise<AdminPageListValue> {
    await this.deps.guard.requireAdmin(ctx);
    return { Pages: (await this.deps.content.helpPagesAsStored(ctx)).map(toAdminPage) };
  }

  async page(ctx: Ctx, slug: string): Promise<AdminPage> {
    await this.deps.guard.requireAdmin(ctx);
    const page = await this.deps.content.helpPageAsStored(ctx, slug);
    if (!page) throw new NotFoundError('No such page');
    return toAdminPage(page);
  }

  async editPage(ctx: Ctx, slug: string, body: AdminPageBody): Promise<AdminPage> {
    const admin = await this.deps.guard.requireAdmin(ctx);
    return inTransaction(ctx, async (tx) => {
      const before = await this.deps.content.helpPageAsStored(tx, slug);
      if (!before) throw new NotFoundError('No such page');
      const after = await this.deps.content.editHelpPage(tx, slug, {
        title: body.Title,
        description: body.Description,
        bodyHtml: body.BodyHtml,
      });
      if (!after) throw new NotFoundError('No such page');
      const changed = (['title', 'description', 'bodyHtml'] as const).filter((field) => before[field] !== after[field]);
      if (changed.length > 0) {
        await this.deps.audit.record(tx, {
          storeId: null,
          userId: admin.userId,
          action: 'page.edit',
          detail: { slug, changed },
        });
      }
      return toAdminPage(after);
    });
  }
}
