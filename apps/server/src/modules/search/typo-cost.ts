/**
 * How likely a typed word is a slip of the fingers for a catalogue word, as a cost (lower: more
 * likely). Plain edit distance says 'swith' is as close to 'with' as to 'switch'; shoppers' slips
 * are not that even. Swapped neighbours, a key next to the right one and a doubled or missed double
 * letter are the common slips and cost less than a whole letter; the first letter is rarely wrong,
 * so changing it costs more.
 */

const SWAP = 0.6;
const NEIGHBOUR_KEY = 0.6;
const DOUBLED_KEY = 0.5;
const MISSED_DOUBLE = 0.6;
const LETTER = 1;
const FIRST_LETTER_EXTRA = 0.4;

/** Key centres on a QWERTY keyboard, each row shifted right of the one above as the keys are. */
const KEY_POSITION = new Map<string, { x: number; y: number }>();
for (const [y, row, shift] of [
  [0, '1234567890', -0.5],
  [1, 'qwertyuiop', 0],
  [2, 'asdfghjkl', 0.25],
  [3, 'zxcvbnm', 0.75],
] as const) {
  for (let i = 0; i < row.length; i++) KEY_POSITION.set(row.charAt(i), { x: i + shift, y });
}

/** Whether two keys touch on a QWERTY keyboard ('s' and 'd', 'e' and 'd'). */
export function neighbourKeys(a: string, b: string): boolean {
  const p = KEY_POSITION.get(a);
  const q = KEY_POSITION.get(b);
  if (!p || !q || a === b) return false;
  const dy = Math.abs(p.y - q.y);
  const dx = Math.abs(p.x - q.x);
  return (dy === 0 && dx === 1) || (dy === 1 && dx <= 0.8);
}

/**
 * Weighted optimal-string-alignment distance from what was typed to a candidate word: the cheapest
 * way to turn one into the other with the costs above.
 */
export function typoCost(typed: string, candidate: string): number {
  const m = typed.length;
  const n = candidate.length;
  // d[i][j]: cost of turning typed[0..i) into candidate[0..j).
  const d: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  const first = (i: number) => (i <= 1 ? FIRST_LETTER_EXTRA : 0);
  const top = d[0] as number[];
  for (let j = 1; j <= n; j++) top[j] = (top[j - 1] as number) + missingLetterCost(candidate, j - 1) + first(j);
  for (let i = 1; i <= m; i++) {
    (d[i] as number[])[0] = ((d[i - 1] as number[])[0] as number) + extraLetterCost(typed, i - 1) + first(i);
  }
  for (let i = 1; i <= m; i++) {
    const row = d[i] as number[];
    const above = d[i - 1] as number[];
    const t = typed.charAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const c = candidate.charAt(j - 1);
      const substitute = t === c ? 0 : (neighbourKeys(t, c) ? NEIGHBOUR_KEY : LETTER) + first(Math.min(i, j));
      let best = Math.min(
        (above[j - 1] as number) + substitute,
        (above[j] as number) + extraLetterCost(typed, i - 1) + first(i),
        (row[j - 1] as number) + missingLetterCost(candidate, j - 1) + first(j),
      );
      if (i > 1 && j > 1 && t === candidate.charAt(j - 2) && typed.charAt(i - 2) === c && t !== c) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + SWAP);
      }
      row[j] = best;
    }
  }
  return d[m]?.[n] as number;
}

/** Typed a letter too many: cheap when it repeats a neighbour ('giiant') or its key touches one. */
function extraLetterCost(typed: string, at: number): number {
  const letter = typed.charAt(at);
  const before = typed.charAt(at - 1);
  const after = typed.charAt(at + 1);
  if (letter === before || letter === after) return DOUBLED_KEY;
  if (neighbourKeys(letter, before) || neighbourKeys(letter, after)) return NEIGHBOUR_KEY + 0.2;
  return LETTER;
}

/** Missed a letter: cheap when it is one of a double ('adress' for 'address'). */
function missingLetterCost(candidate: string, at: number): number {
  const letter = candidate.charAt(at);
  return letter === candidate.charAt(at - 1) || letter === candidate.charAt(at + 1) ? MISSED_DOUBLE : LETTER;
}
