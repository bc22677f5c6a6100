import { describe, expect, it } from 'vitest';
import { csvFields, districtsFromLines, districtTableSource } from './uk-districts-import.js';

describe('the UK district table import', () => {
  it('places each district at the mean of its live postcodes (ONSPD columns)', async () => {
    const lines = [
      'pcd,pcd2,pcds,dointr,doterm,lat,long',
      '"M1 1AE","M1  1AE","M1 1AE","198001","",53.4800,-2.2400',
      '"M1 1AG","M1  1AG","M1 1AG","198001","",53.4760,-2.2320',
      '"M1 9ZZ","M1  9ZZ","M1 9ZZ","198001","200012",10.0,10.0',
      '"SW1A1AA","SW1A 1AA","SW1A 1AA","198001","",51.5010,-0.1416',
      '"ZZ991ZZ","ZZ99 1ZZ","ZZ99 1ZZ","198001","",99.999999,0.000000',
    ];
    const districts = await districtsFromLines(lines);
    expect(districts.map((d) => d.district)).toEqual(['M1', 'SW1A']);
    expect(districts[0]).toMatchObject({ postcodes: 2 });
    expect(districts[0]?.latitude).toBeCloseTo(53.478, 6);
    expect(districts[0]?.longitude).toBeCloseTo(-2.236, 6);
    expect(districtTableSource(districts, 'test')).toContain("['SW1A', 51.501, -0.1416],");
  });

  it('takes an outward-code table as it is, and refuses a CSV without the columns', async () => {
    const districts = await districtsFromLines(['outcode,latitude,longitude', 'EH1,55.95,-3.19']);
    expect(districts).toEqual([{ district: 'EH1', latitude: 55.95, longitude: -3.19, postcodes: 1 }]);
    await expect(districtsFromLines(['name,x,y', 'a,1,2'])).rejects.toThrow(/postcode column/);
    expect(csvFields('"a, b",c,"d ""e"""')).toEqual(['a, b', 'c', 'd "e"']);
  });
});
