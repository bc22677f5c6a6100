import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { districtsFromFile, districtTableSource } from './uk-districts-import.js';

const USAGE =
  'npx tsx apps/server/src/modules/places/uk-districts-import.cli.ts --csv ONSPD.csv [--source "ONSPD May 2026"]';

/**
 * Rewrites uk-districts.data.ts from a postcode CSV with coordinates (the ONS Postcode Directory's
 * Data/ONSPD_*.csv, or any CSV with postcode and latitude/longitude columns). Commit the result.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { csv: { type: 'string' }, source: { type: 'string' } } });
  if (!values.csv) throw new Error(`--csv FILE is required.\nUsage: ${USAGE}`);
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.csv);
  const districts = await districtsFromFile(file);
  if (districts.length === 0) throw new Error(`No postcodes with coordinates in ${file}`);
  const target = fileURLToPath(new URL('./uk-districts.data.ts', import.meta.url));
  writeFileSync(target, districtTableSource(districts, values.source ?? path.basename(file)));
  const postcodes = districts.reduce((n, d) => n + d.postcodes, 0);
  console.log(`Wrote ${districts.length} districts (from ${postcodes} postcodes) to ${target}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
