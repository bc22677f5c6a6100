/**
 * Business tax numbers' check digits: the Australian Business Number (ABR's published algorithm)
 * and the UK VAT registration number (HMRC's mod-97 check). Pure.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Whether `value` (spaces allowed) is a valid ABN: 11 digits; subtract 1 from the first, multiply
 * each digit by its weight (10, 1, 3, 5, ..., 19), and the sum divides by 89.
 */
export function isValidAbn(value: string): boolean {
  const compact = value.replace(/\s/g, '');
  if (!/^\d{11}$/.test(compact)) return false;
  const digits = [...compact].map(Number);
  digits[0] = (digits[0] as number) - 1;
  if ((digits[0] as number) < 0) return false;
  return digits.reduce((sum, digit, i) => sum + digit * (ABN_WEIGHTS[i] as number), 0) % 89 === 0;
}

/**
 * The valid ABN ending in these nine digits, as "12 345 678 901": the two leading digits are the
 * check digits. Any nine digits have exactly one: 10 x (first - 1) + second covers 0..89.
 */
export function abnFromBase(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError(`An ABN's base is nine digits, not '${nineDigits}'`);
  const tail = [...nineDigits].map(Number).reduce((sum, digit, i) => sum + digit * (ABN_WEIGHTS[i + 2] as number), 0);
  const lead = (89 - (tail % 89)) % 89;
  const abn = `${Math.floor(lead / 10) + 1}${lead % 10}${nineDigits}`;
  return `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;
}

const VAT_WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/**
 * Whether `value` is a valid standard UK VAT number: 'GB' (optional) and nine digits (spaces
 * allowed) where the first seven weighted 8..2 plus the last two (as a number) make a multiple of
 * 97 (the original scheme), or of 97 after adding 55 (the '9755' scheme HMRC added in 2010).
 */
export function isValidUkVatNumber(value: string): boolean {
  const compact = value.replace(/\s/g, '').toUpperCase().replace(/^GB/, '');
  if (!/^\d{9}$/.test(compact)) return false;
  const digits = [...compact].map(Number);
  const weighted = VAT_WEIGHTS.reduce((sum, weight, i) => sum + weight * (digits[i] as number), 0);
  const total = weighted + Number(compact.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The valid UK VAT number 'GB' + these seven digits + their two check digits (mod-97 scheme). */
export function ukVatNumberFromBase(sevenDigits: string): string {
  if (!/^\d{7}$/.test(sevenDigits)) throw new RangeError(`A VAT number's base is seven digits, not '${sevenDigits}'`);
  const weighted = VAT_WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(sevenDigits[i]), 0);
  const check = (97 - (weighted % 97)) % 97;
  return `GB${sevenDigits}${String(check).padStart(2, '0')}`;
}
