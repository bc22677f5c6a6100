import { readFileSync } from 'node:fs';

/**
 * The bundled list of common passwords (ASVS 6.2.4 / NIST 800-63B: refuse passwords known from
 * breaches). Read once, lower case; a password matches whatever its case.
 */
let list: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (!list) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    list = new Set(text.split('\n').filter((line) => line !== '' && !line.startsWith('#')));
  }
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
