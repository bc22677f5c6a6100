import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000, region AU and the embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, REGION: 'AU' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('reads PORT, REGION and a PostgreSQL URL', () => {
    expect(loadConfig({ PORT: '8080', REGION: 'UK', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject({
      PORT: 8080,
      REGION: 'UK',
      DATABASE_URL: 'postgres://u@h/db',
    });
  });

  it('refuses a bad region or port with the setting named', () => {
    expect(() => loadConfig({ REGION: 'NZ' })).toThrow(/REGION/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
