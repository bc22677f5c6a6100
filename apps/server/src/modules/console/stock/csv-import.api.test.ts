import type { ConsoleImportValue, ConsoleItemListValue } from '@shop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccount } from '../../../test/console-fixtures.js';
import { makeStore } from '../../../test/factories.js';
import type { TestClient } from '../../../test/test-client.js';
import { testDatabaseTargets } from '../../../test/test-database.js';
import { useTestShop } from '../../../test/test-shop.js';

describe.each(testDatabaseTargets())('the console CSV import and spreadsheet formulas, on $name', (target) => {
  let staff: TestClient;
  let storeId: number;
  const { database, server } = useTestShop(target, { seed: { products: 0, seed: 1 }, env: { TRUST_PROXY: 'true' } });

  const db = () => database.handle.db;
  const header = 'title,category,brand,condition,description,price,weight_grams,length_cm,width_cm,height_cm,postable';
  const importCsv = (rows: string[]) =>
    staff.post<ConsoleImportValue>(`/c3api/console/stores/${storeId}/import`, { Csv: [header, ...rows].join('\n') });
  const titles = async () =>
    (await staff.get<ConsoleItemListValue>(`/c3api/console/stores/${storeId}/items?pageSize=50`)).body.Value.Items.map(
      (item) => item.Title,
    );

  beforeAll(async () => {
    storeId = (await makeStore(db(), { name: 'Warrnambool' })).id;
    staff = (await staffAccount(server, 'store_staff', [storeId], `importer.${Date.now()}@example.com`)).client;
  });

  it('refuses a file whose title or description begins with a formula, naming row and column; nothing is imported', async () => {
    const refused = await importCsv([
      'Bosch GSB 18V drill,power-tools,Bosch,4,As new.,120,2000,40,30,12,yes',
      '"=HYPERLINK(""http://evil.example"",""Makita drill"")",power-tools,Makita,4,,90,2000,40,30,12,yes',
      'Ryobi sander,power-tools,Ryobi,3,"+cmd|\' /C calc\'!A0",45,1500,30,20,15,no',
    ]);
    expect(refused.status).toBe(200);
    expect(refused.body.WasSuccessful).toBe(false);
    expect(refused.body.Value.Imported).toBe(0);
    const message = 'must not begin with =, +, - or @ (a spreadsheet would take it for a formula)';
    expect(refused.body.Value.Errors).toEqual([
      { Row: 3, Column: 'title', Message: message },
      { Row: 4, Column: 'description', Message: message },
    ]);
    expect(await titles()).toEqual([]);
  });

  it('imports the same characters anywhere but first', async () => {
    const imported = await importCsv([
      'Drill 20% off -- as new,power-tools,Black+Decker,4,"Comes with: - battery = 2 Ah; ask @ the counter",120,2000,40,30,12,yes',
    ]);
    expect(imported.body.WasSuccessful, JSON.stringify(imported.body.Value?.Errors)).toBe(true);
    expect(await titles()).toContain('Drill 20% off -- as new');
  });
});
