import { parseArgs } from 'node:util';
import { runCli, UsageError, withShop } from './cli-support.js';
import { type Config, publicUrl, resolveSecretKey, shopClock } from './config.js';
import { NotFoundError } from './lib/errors.js';
import type { FulfilmentOutcome } from './modules/orders/fulfilment.service.js';
import { OrderLinks } from './modules/orders/order-links.js';

const USAGE = `Usage: npm run order -- <action> <ORDER-REF> [options]
  ready    REF --store ID                          the store's items are ready to collect (e-mails the shopper)
  dispatch REF --store ID --tracking N [--url U] [--carrier C]
                                                   the store posted its items (e-mails the tracking number/link)
  collect  REF --store ID                          the shopper collected the store's items (pay in store: paid)
  cancel   REF [--no-restock]                      cancels the order (refunds an online payment; e-mails the shopper);
                                                   its items go back on sale unless --no-restock
  cancel-item REF --store ID --item CODE [--no-restock]
                                                   cancels one item of the store's shipment (refunds its part)
  revoke-links REF                                 every signed link to the order sent so far (confirmation page,
                                                   e-mails) stops working; prints a fresh one for the shopper
The order must belong to this shop's REGION. Runs on DATABASE_URL like the server.`;

/**
 * `npm run order -- ...`: the store console's after-sale actions from a terminal, for the demo
 * (the console's routes run the same). Each action runs the same FulfilmentService, on
 * the shop's database: a repeat changes nothing and sends nothing. E-mails go into the outbox; the
 * running server's worker (or `npm run worker`) delivers them. Refunds go to the offered
 * providers (their sandbox in the demo, which the server process runs).
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      store: { type: 'string' },
      tracking: { type: 'string' },
      url: { type: 'string' },
      carrier: { type: 'string' },
      item: { type: 'string' },
      'no-restock': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [action, reference] = positionals;
  if (values.help || !action || !reference || positionals.length > 2) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const storeId = () => {
    const id = Number(values.store);
    if (!values.store || !Number.isSafeInteger(id) || id < 1) throw new UsageError('--store must be a store id');
    return id;
  };

  await withShop(async ({ config, services, ctx }) => {
    if (action === 'revoke-links') {
      const order = await services.orders.revokeLinks(ctx, reference);
      if (!order) throw new NotFoundError(`No order ${reference}`);
      console.log(
        `${order.reference}: links revoked; the links sent so far answer 'not found'. A fresh link (for the shopper): ${orderLinksOf(config).confirmationUrl(order)}`,
      );
      return;
    }
    const fulfilment = services.fulfilment;
    let outcome: FulfilmentOutcome;
    switch (action) {
      case 'ready':
        outcome = await fulfilment.markReadyForPickup(ctx, reference, storeId());
        break;
      case 'dispatch':
        if (!values.tracking) throw new UsageError('dispatch needs --tracking NUMBER');
        outcome = await fulfilment.markDispatched(ctx, reference, storeId(), {
          trackingNumber: values.tracking,
          trackingUrl: values.url ?? null,
          carrier: values.carrier ?? null,
        });
        break;
      case 'collect':
        outcome = await fulfilment.markCollected(ctx, reference, storeId());
        break;
      case 'cancel':
        outcome = await fulfilment.cancelOrder(ctx, reference, { restock: !values['no-restock'] });
        break;
      case 'cancel-item':
        if (!values.item) throw new UsageError('cancel-item needs --item CODE');
        outcome = await fulfilment.cancelItem(ctx, reference, storeId(), values.item, {
          restock: !values['no-restock'],
        });
        break;
      default:
        throw new UsageError(`unknown action '${action}'`);
    }
    console.log(
      outcome.changed
        ? `${outcome.reference}: done; the order is now '${outcome.status}'.`
        : `${outcome.reference}: nothing to do (already done); the order is '${outcome.status}'.`,
    );
  });
}

/** The shop's signed order links, as the server makes them (its secret, address and clock). */
function orderLinksOf(config: Config): OrderLinks {
  return new OrderLinks(resolveSecretKey(config), publicUrl(config), shopClock(config));
}

runCli(USAGE, main);
