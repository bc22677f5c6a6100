import type { Ctx } from '../../../../lib/context.js';
import type { PaymentsService } from '../../payments.service.js';
import { ClearpayProvider } from './clearpay.adapter.js';
import { ClearpayConfigurationService } from './clearpay-configuration.service.js';

/** The daily job that reads Clearpay's configured range (its GET /v2/configuration) into the database. */
export const CLEARPAY_CONFIGURATION_JOB = 'payments.clearpay-configuration';

/** Runs the job: nothing when Clearpay is not offered on this shop. A failure is retried by the queue. */
export async function runClearpayConfiguration(ctx: Ctx, services: { payments: PaymentsService }): Promise<void> {
  let provider: unknown;
  try {
    provider = services.payments.provider('Clearpay');
  } catch {
    return;
  }
  if (provider instanceof ClearpayProvider && provider.limits instanceof ClearpayConfigurationService) {
    await provider.limits.refresh(ctx);
  }
}
