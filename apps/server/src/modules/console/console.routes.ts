import type { Region } from '@shop/contract';
import type { ApiRoute } from '../../lib/route.js';
import { adminRoutes } from './admin/admin.routes.js';
import type { ConsoleAdminService } from './admin/admin.service.js';
import { auditRoutes } from './audit/audit.routes.js';
import type { ConsoleAuditService } from './audit/audit.service.js';
import { fulfilmentRoutes } from './fulfilment/fulfilment.routes.js';
import type { ConsoleFulfilmentService } from './fulfilment/fulfilment.service.js';
import { pagesRoutes } from './pages/pages.routes.js';
import type { ConsolePagesService } from './pages/pages.service.js';
import { priceGuideRoutes } from './price-guide/price-guide.routes.js';
import type { ConsolePriceGuideService } from './price-guide/price-guide.service.js';
import { settingsRoutes } from './settings/settings.routes.js';
import type { ConsoleSettingsService } from './settings/settings.service.js';
import type { StaffGuard } from './staff/staff.guard.js';
import { consoleMeRoutes, staffRoutes } from './staff/staff.routes.js';
import type { ConsoleStaffService } from './staff/staff.service.js';
import { stockRoutes } from './stock/stock.routes.js';
import type { ConsoleStockService } from './stock/stock.service.js';

/** The store console's services, each built in the composition root (app.ts). */
export interface StoreConsoleServices {
  /** The one check every console call passes: requireStaff for a store, requireAdmin for the marketplace. */
  guard: StaffGuard;
  staff: ConsoleStaffService;
  stock: ConsoleStockService;
  fulfilment: ConsoleFulfilmentService;
  audit: ConsoleAuditService;
  settings: ConsoleSettingsService;
  admin: ConsoleAdminService;
  /** The region's help pages (the policies among them), for the marketplace admin. */
  pages: ConsolePagesService;
  /** What comparable items sold for and are listed for: a price suggestion while listing an item. */
  priceGuide: ConsolePriceGuideService;
}

/**
 * Every call under /c3api/console, signed-in only (guests 401), each guarded before its body is
 * read. The order is the OpenAPI document's (its paths appear in the order routes are listed).
 */
export function storeConsoleRoutes(services: StoreConsoleServices, region: Region): ApiRoute[] {
  const { guard } = services;
  return [
    ...consoleMeRoutes(services.staff),
    ...stockRoutes(services.stock, guard),
    ...priceGuideRoutes(services.priceGuide, guard),
    ...fulfilmentRoutes(services.fulfilment, guard),
    ...auditRoutes(services.audit, guard),
    ...staffRoutes(services.staff, guard),
    ...settingsRoutes(services.settings, region, guard),
    ...adminRoutes(services.admin, services.staff, guard),
    ...pagesRoutes(services.pages, guard),
  ];
}
