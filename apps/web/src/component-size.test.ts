import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Components stay small enough to read in one sitting (ARCHITECTURE.md section 7: split state,
 * effects and markup when one grows). A component is a function declaration, or an arrow or
 * function expression bound to a const (through memo() or forwardRef() too), whose name starts
 * with a capital letter; its length runs from its first line to its last.
 */

const LONGEST_COMPONENT = 150;
const WEB_SOURCE = path.dirname(fileURLToPath(import.meta.url));

interface Component {
  name: string;
  file: string;
  line: number;
  lines: number;
}

function componentsIn(file: string, text: string): Component[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: Component[] = [];
  const measure = (name: string | undefined, node: ts.Node) => {
    if (!name || !/^[A-Z]/.test(name)) return;
    const line = lineOf(node.getStart(source));
    found.push({ name, file, line, lines: lineOf(node.getEnd()) - line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node)) measure(node.name?.text, node);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let value: ts.Expression = node.initializer;
      while (ts.isCallExpression(value) && value.arguments.length > 0) value = value.arguments[0] as ts.Expression;
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) measure(node.name.text, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(child);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [child]
      : [];
  });
}

describe('component size', () => {
  it('measures declarations, arrows, memo() and forwardRef() components, and skips lower-case functions', () => {
    const sample = [
      'export function Short() {',
      '  return null;',
      '}',
      'const Arrow = () => {',
      '  const a = 1;',
      '  return a;',
      '};',
      'const Wrapped = memo(forwardRef(function Inner() {',
      '  return null;',
      '}));',
      'function helper() {',
      '  return 1;',
      '}',
    ].join('\n');
    expect(componentsIn('sample.tsx', sample).map(({ name, lines }) => [name, lines])).toEqual([
      ['Short', 3],
      ['Arrow', 4],
      ['Wrapped', 3],
    ]);
  });

  it(`finds a component over ${LONGEST_COMPONENT} lines`, () => {
    const body = Array.from({ length: LONGEST_COMPONENT }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const [long] = componentsIn('long.tsx', `export function Long() {\n${body}\n  return null;\n}`);
    expect(long?.lines).toBeGreaterThan(LONGEST_COMPONENT);
  });

  it(`no component in the web app is over ${LONGEST_COMPONENT} lines`, () => {
    const files = sourceFiles(WEB_SOURCE);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .flatMap((file) => componentsIn(path.relative(WEB_SOURCE, file), readFileSync(file, 'utf8')))
      .filter((component) => component.lines > LONGEST_COMPONENT)
      .map(({ name, file, line, lines }) => `${name} (${file}:${line}) is ${lines} lines`);
    expect(long).toEqual([]);
  });
});
