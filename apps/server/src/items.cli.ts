import { parseArgs } from 'node:util';
import { parseAmount, runCli, UsageError, withShop } from './cli-support.js';
import { productUrl } from './modules/catalogue/catalogue.mapper.js';

const USAGE = `Usage: npm run item -- <action> [options]
  list  --store ID --category SLUG --title TEXT --price 49.95 [--rrp 99.00] [--brand B]
        [--condition 0-5 (default 4)] [--description TEXT] [--weight GRAMS (default 1000)] [--pickup-only]
                                   puts an item online in the store (prints its code and page)
  price CODE 39.95                 changes an item's price (a cut shows as was/now and alerts shoppers)
The store and item must belong to this shop's REGION. Runs on DATABASE_URL like the server.`;

/**
 * `npm run item -- ...`: a store's stock changes from a terminal, for the demo and journeys until the
 * store console gives them pages. Each runs the catalogue's one write path, so the search
 * page shows the change within a second and saved-search alerts and wishlist alerts see it.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      store: { type: 'string' },
      category: { type: 'string' },
      title: { type: 'string' },
      price: { type: 'string' },
      rrp: { type: 'string' },
      brand: { type: 'string' },
      condition: { type: 'string', default: '4' },
      description: { type: 'string' },
      weight: { type: 'string', default: '1000' },
      'pickup-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [action, ...rest] = positionals;
  if (values.help || !action) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  await withShop(async ({ services, ctx, config }) => {
    if (action === 'list') {
      const categories = await services.catalogue.listCategories(ctx);
      const category = categories.find((c) => c.slug === values.category);
      if (!category) throw new UsageError(`--category must be a category slug (e.g. ${categories[1]?.slug})`);
      const weightGrams = Number(values.weight);
      // A box about the size its weight suggests (the console will ask for the real measures).
      const side = Math.max(5, Math.round(Math.cbrt(weightGrams) * 2.2));
      const listed = await services.catalogue.listItem(ctx, {
        storeId: Number(values.store),
        categoryId: category.id,
        title: values.title ?? '',
        brand: values.brand ?? '',
        condition: Number(values.condition),
        description: values.description ?? '',
        priceMinor: parseAmount(values.price, 'price'),
        rrpMinor: values.rrp ? parseAmount(values.rrp, 'rrp') : 0,
        weightGrams,
        lengthCm: side,
        widthCm: Math.max(3, Math.round(side * 0.7)),
        heightCm: Math.max(1, Math.round(side * 0.4)),
        postable: !values['pickup-only'],
      });
      console.log(`${listed.code}: listed (${config.REGION}); its page is ${productUrl(listed.code, listed.slug)}`);
    } else if (action === 'price') {
      const [code, amount] = rest;
      if (!code) throw new UsageError('price needs the item code');
      const found = await services.catalogue.findByCode(ctx, code);
      const priceMinor = parseAmount(amount, 'price');
      if (!found || !(await services.catalogue.changePrice(ctx, found.id, priceMinor)))
        throw new RangeError(`No item ${code.toUpperCase()} in ${config.REGION}`);
      console.log(`${found.code}: the price is now ${amount}.`);
    } else throw new UsageError(`unknown action '${action}'`);
  });
}

runCli(USAGE, main);
