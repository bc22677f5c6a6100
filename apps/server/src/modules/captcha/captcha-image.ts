import { randomInt } from 'node:crypto';

/**
 * Draws a captcha answer as an SVG that has no text in it: each character is a hand-made stroke
 * glyph, its points jittered, then rotated, skewed and scaled on its own, over noise curves and
 * dots in the same colours. Reading it means reading the picture, not the markup.
 */

/** Letters and digits that cannot be mistaken for one another (no I/1, O/0/Q, S/5, Z/2, B/8). */
export const CAPTCHA_ALPHABET = 'ACDEFGHJKLMNPRTUVWXY34679';
export const CAPTCHA_LENGTH = 5;

type Stroke = [number, number][];

/** Glyphs on a 10 x 14 grid, y pointing down. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2, 8],
      [8, 8],
    ],
  ],
  C: [
    [
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 2],
      [0, 12],
      [2, 14],
      [8, 14],
      [10, 12],
    ],
  ],
  D: [
    [
      [0, 0],
      [0, 14],
      [6, 14],
      [10, 10],
      [10, 4],
      [6, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  G: [
    [
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 2],
      [0, 12],
      [2, 14],
      [8, 14],
      [10, 12],
      [10, 8],
      [5, 8],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  J: [
    [
      [10, 0],
      [10, 11],
      [7, 14],
      [3, 14],
      [0, 11],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 8],
    ],
    [
      [3, 6],
      [10, 14],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 14],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 8],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [
    [
      [0, 14],
      [0, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [8, 7],
      [0, 7],
    ],
  ],
  R: [
    [
      [0, 14],
      [0, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [8, 7],
      [0, 7],
    ],
    [
      [5, 7],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 12],
      [2, 14],
      [8, 14],
      [10, 12],
      [10, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 14],
      [5, 6],
      [8, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  '3': [
    [
      [0, 1],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [8, 7],
      [4, 7],
    ],
    [
      [8, 7],
      [10, 9],
      [10, 12],
      [8, 14],
      [2, 14],
      [0, 13],
    ],
  ],
  '4': [
    [
      [7, 14],
      [7, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '6': [
    [
      [9, 1],
      [7, 0],
      [3, 0],
      [0, 3],
      [0, 12],
      [2, 14],
      [8, 14],
      [10, 12],
      [10, 9],
      [8, 7],
      [2, 7],
      [0, 9],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 14],
    ],
  ],
  '9': [
    [
      [1, 13],
      [3, 14],
      [7, 14],
      [10, 11],
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 2],
      [0, 5],
      [2, 7],
      [8, 7],
      [10, 5],
    ],
  ],
};

export const WIDTH = 220;
export const HEIGHT = 70;

/** A uniform random number in [min, max) from the CSPRNG: nothing about a picture is predictable. */
function between(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

function fixed(n: number): string {
  return n.toFixed(1);
}

export function randomAnswer(): string {
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return answer;
}

function colour(): string {
  return `hsl(${Math.round(between(0, 360))},${Math.round(between(45, 75))}%,${Math.round(between(22, 38))}%)`;
}

function noiseCurve(stroke: string, width: number): string {
  const y = () => fixed(between(5, HEIGHT - 5));
  return `<path d="M${fixed(between(-10, 20))} ${y()} C${fixed(between(30, 90))} ${y()} ${fixed(between(120, 190))} ${y()} ${fixed(between(WIDTH - 20, WIDTH + 10))} ${y()}" stroke="${stroke}" stroke-width="${fixed(width)}" fill="none"/>`;
}

export function captchaSvg(answer: string): string {
  const parts: string[] = [];
  const hue = Math.round(between(0, 360));
  parts.push(
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,94%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},40%,86%)"/></linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#b)"/>`,
  );
  for (let i = 0; i < 5; i++) parts.push(noiseCurve(colour(), between(0.8, 1.8)));
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${fixed(between(0, WIDTH))}" cy="${fixed(between(0, HEIGHT))}" r="${fixed(between(0.6, 1.8))}" fill="${colour()}"/>`,
    );
  }
  const slot = (WIDTH - 20) / answer.length;
  [...answer].forEach((char, i) => {
    const strokes = GLYPHS[char];
    if (!strokes) throw new Error(`No glyph for ${char}`);
    const scale = between(2.1, 2.6);
    const x = 10 + slot * i + between(3, Math.max(4, slot - 10 * scale - 3));
    const y = between(8, HEIGHT - 14 * scale - 4);
    const d = strokes
      .map((stroke) =>
        stroke
          .map(
            ([px, py], j) =>
              `${j === 0 ? 'M' : 'L'}${fixed(px + between(-0.7, 0.7))} ${fixed(py + between(-0.7, 0.7))}`,
          )
          .join(' '),
      )
      .join(' ');
    const transform = `translate(${fixed(x)} ${fixed(y)}) rotate(${fixed(between(-18, 18))} 13 18) skewX(${fixed(between(-10, 10))}) scale(${fixed(scale)})`;
    parts.push(
      `<path d="${d}" transform="${transform}" fill="none" stroke="${colour()}" stroke-width="${fixed(between(1.1, 1.5))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 2; i++) parts.push(noiseCurve(colour(), between(1.2, 2)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}
