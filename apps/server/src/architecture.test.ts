import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of ARCHITECTURE.md section 2, checked on every run over the real tree.
 * Each rule is a plain function from one source file to its violations, so the self-tests below
 * can show each one failing on a small sample that breaks it.
 *
 * Imports are found with regular expressions over the source with comments and string contents
 * blanked out (positions kept, so line numbers stay right): static import/export ... from,
 * side-effect imports, dynamic import() and require() of a literal.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED_ROOTS = ['packages', 'apps', 'e2e', 'bench'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'data', 'coverage']);

export interface SourceFile {
  /** Repository-relative, with forward slashes: apps/server/src/app.ts */
  path: string;
  text: string;
}

export type RuleName =
  | 'contract-imports-nothing-of-ours'
  | 'web-and-server-meet-only-in-contract'
  | 'modules-use-services-not-repositories'
  | 'sql-only-in-repositories'
  | 'seed-only-for-main-clis-and-tests'
  | 'web-features-do-not-import-each-other'
  | 'web-components-and-lib-below-features'
  | 'web-features-do-not-import-app'
  | 'repositories-open-no-transaction'
  | 'row-types-stay-in-their-module'
  | 'e2e-and-bench-take-contract-types'
  | 'server-modules-form-no-cycle'
  | 'module-files-form-no-cycle';

export interface Violation {
  file: string;
  line: number;
  rule: RuleName;
  detail: string;
  /** What the file wrongly depends on (a module, a path), for the list of known violations. */
  imported?: string;
}

export interface ImportReference {
  specifier: string;
  line: number;
}

// ---------------------------------------------------------------------------------------------
// Reading source

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$]/;
/** After these words a '/' starts a regular expression, not a division. */
const KEYWORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * The source with comments, string and template text and regular-expression bodies replaced by
 * spaces (line breaks kept, so offsets and line numbers match the original). Quote characters stay,
 * so a specifier can be read back from the original at the same offset. Code inside a template's
 * ${...} stays visible.
 */
export function maskSource(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  const n = text.length;
  /** Brace depths at which an open template's ${ expression closes. */
  const templateStack: number[] = [];
  let depth = 0;
  let previous = '';
  let previousWord = '';
  let i = 0;

  /** Scans template text from i (just after ` or }) to the closing ` or the next ${. */
  const scanTemplate = () => {
    const start = i;
    while (i < n) {
      const c = text[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (c === '`') {
        blank(start, i);
        i++;
        previous = '`';
        return;
      }
      if (c === '$' && text[i + 1] === '{') {
        blank(start, i);
        templateStack.push(depth);
        depth++;
        i += 2;
        previous = '{';
        return;
      }
      i++;
    }
    blank(start, n);
  };

  while (i < n) {
    const c = text[i] as string;
    const d = text[i + 1];
    if (c === '/' && d === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === '/' && d === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      blank(i + 1, j);
      i = j + 1;
      previous = c;
      continue;
    }
    if (c === '`') {
      i++;
      scanTemplate();
      continue;
    }
    if (c === '/') {
      const division =
        (IDENTIFIER_CHAR.test(previous) && !KEYWORDS_BEFORE_EXPRESSION.has(previousWord)) ||
        previous === ')' ||
        previous === ']' ||
        previous === '}' ||
        previous === "'" ||
        previous === '"' ||
        previous === '`';
      if (!division) {
        let j = i + 1;
        let inClass = false;
        while (j < n && text[j] !== '\n') {
          const ch = text[j];
          if (ch === '\\') {
            j += 2;
            continue;
          }
          if (inClass) {
            if (ch === ']') inClass = false;
          } else if (ch === '[') inClass = true;
          else if (ch === '/') break;
          j++;
        }
        blank(i + 1, j);
        i = j + 1;
        previous = '/';
        previousWord = '';
        continue;
      }
    }
    if (c === '{') depth++;
    if (c === '}') {
      if (templateStack.length > 0 && templateStack[templateStack.length - 1] === depth - 1) {
        templateStack.pop();
        depth--;
        i++;
        scanTemplate();
        continue;
      }
      depth--;
    }
    if (IDENTIFIER_CHAR.test(c)) {
      let j = i;
      while (j < n && IDENTIFIER_CHAR.test(text[j] as string)) j++;
      previousWord = text.slice(i, j);
      previous = text[j - 1] as string;
      i = j;
      continue;
    }
    if (!/\s/.test(c)) {
      previous = c;
      previousWord = '';
    }
    i++;
  }
  return out.join('');
}

const IMPORT_PATTERNS = [
  // import x from '...', import { a,\n b } from '...', import type ..., export * from '...', export { a } from '...'
  /\b(?:import|export)\s[^;'"`]*?\bfrom\s*(['"])/g,
  // import '...'
  /\bimport\s*(['"])/g,
  // import('...'), await import(`...`)
  /\bimport\s*\(\s*(['"`])/g,
  // require('...')
  /\brequire\s*\(\s*(['"`])/g,
];

/** Every module a file imports, with the line of its specifier. */
export function findImports(file: SourceFile): ImportReference[] {
  const masked = maskSource(file.text);
  const found = new Map<number, ImportReference>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of masked.matchAll(pattern)) {
      const quote = match[1] as string;
      const start = (match.index ?? 0) + match[0].length;
      const end = file.text.indexOf(quote, start);
      if (end < 0) continue;
      const specifier = file.text.slice(start, end);
      if (specifier === '' || specifier.includes('${')) continue;
      found.set(start, { specifier, line: lineAt(file.text, start) });
    }
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, reference]) => reference);
}

/** Aliases the web app might use for its own src folder. */
const WEB_SOURCE_ALIASES = [/^@\//, /^~\//, /^src\//];
const WORKSPACE_PACKAGES: [string, string][] = [
  ['@shop/contract', 'packages/contract/src'],
  ['@shop/server', 'apps/server'],
  ['@shop/web', 'apps/web'],
];

/**
 * Where an import points, as a repository-relative path (without resolving the extension), or
 * null for an outside package. Relative paths, the web app's src aliases and our workspace package
 * names are resolved.
 */
export function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  }
  if (specifier.startsWith('/')) {
    const absolute = path.posix.normalize(specifier);
    const root = REPO_ROOT.split(path.sep).join('/');
    return absolute.startsWith(`${root}/`) ? absolute.slice(root.length + 1) : absolute;
  }
  if (fromFile.startsWith('apps/web/')) {
    for (const alias of WEB_SOURCE_ALIASES) {
      if (alias.test(specifier)) return path.posix.normalize(`apps/web/src/${specifier.replace(alias, '')}`);
    }
  }
  for (const [name, folder] of WORKSPACE_PACKAGES) {
    if (specifier === name) return folder;
    if (specifier.startsWith(`${name}/`)) return path.posix.normalize(`${folder}/${specifier.slice(name.length + 1)}`);
  }
  return null;
}

function within(target: string, folder: string): boolean {
  return target === folder || target.startsWith(`${folder}/`);
}

function withoutExtension(target: string): string {
  return target.replace(/\.(?:[cm]?[jt]sx?)$/, '');
}

function isTestFile(file: string): boolean {
  return /\.(?:test|spec)\.tsx?$/.test(file);
}

const SERVER_SRC = 'apps/server/src';

function isServerTestCode(file: string): boolean {
  return isTestFile(file) || within(file, `${SERVER_SRC}/test`);
}

function importsOf(file: SourceFile): { specifier: string; line: number; target: string | null }[] {
  return findImports(file).map((reference) => ({
    ...reference,
    target: resolveImport(file.path, reference.specifier),
  }));
}

// ---------------------------------------------------------------------------------------------
// The rules

/** 1. packages/contract imports nothing of ours: nothing from apps/*, no relative path outside itself. */
export function checkContractIsolation(file: SourceFile): Violation[] {
  if (!within(file.path, 'packages/contract')) return [];
  return importsOf(file).flatMap(({ specifier, line, target }) => {
    const ours = /^@shop\/(?!contract(?:\/|$))/.test(specifier);
    const outside = target !== null && !within(target, 'packages/contract');
    return ours || outside
      ? [
          {
            file: file.path,
            line,
            rule: 'contract-imports-nothing-of-ours' as const,
            detail: `imports '${specifier}', outside packages/contract`,
          },
        ]
      : [];
  });
}

/** 2. apps/web and apps/server never import each other; both take the contract as @shop/contract. */
export function checkAppsBridge(file: SourceFile): Violation[] {
  const app = within(file.path, 'apps/web') ? 'web' : within(file.path, 'apps/server') ? 'server' : null;
  if (app === null) return [];
  const other = app === 'web' ? 'apps/server' : 'apps/web';
  return importsOf(file).flatMap(({ specifier, line, target }) => {
    if (target === null) return [];
    if (within(target, other)) {
      return [
        {
          file: file.path,
          line,
          rule: 'web-and-server-meet-only-in-contract' as const,
          detail: `apps/${app} imports '${specifier}' from ${other}; share it through @shop/contract`,
        },
      ];
    }
    if (within(target, 'packages') && !specifier.startsWith('@shop/')) {
      return [
        {
          file: file.path,
          line,
          rule: 'web-and-server-meet-only-in-contract' as const,
          detail: `imports '${specifier}' by path; import the package (@shop/contract)`,
        },
      ];
    }
    return [];
  });
}

function serverModuleOf(target: string): string | null {
  const match = /^apps\/server\/src\/modules\/([^/]+)\//.exec(target);
  return match ? (match[1] as string) : null;
}

/** 3. A server module calls another module's service, never its repository (types included). */
export function checkModuleRepositories(file: SourceFile): Violation[] {
  const own = serverModuleOf(file.path);
  if (own === null) return [];
  return importsOf(file).flatMap(({ specifier, line, target }) => {
    if (target === null) return [];
    const other = serverModuleOf(target);
    if (other === null || other === own) return [];
    if (!/\.repository$/.test(withoutExtension(path.posix.basename(target)))) return [];
    return [
      {
        file: file.path,
        line,
        rule: 'modules-use-services-not-repositories' as const,
        detail: `module '${own}' imports '${specifier}', module '${other}''s repository; call its service`,
      },
    ];
  });
}

const SQL_PATTERNS: [RegExp, string][] = [
  [/\.selectFrom\s*\(/, '.selectFrom('],
  [/\.insertInto\s*\(/, '.insertInto('],
  [/\.updateTable\s*\(/, '.updateTable('],
  [/\.deleteFrom\s*\(/, '.deleteFrom('],
  [/\.selectNoFrom\s*\(/, '.selectNoFrom('],
  // Also matches Array.prototype.with: copy and assign instead, rather than widen the rule.
  [/\.with\s*\(/, '.with('],
  [/\.schema\s*\./, '.schema.'],
  [/\bsql\s*(?:<[^`;]*?>)?\s*`/, 'sql`...`'],
  [/\bsql\s*\.\s*raw\s*\(/, 'sql.raw('],
];

/** Files allowed to hold SQL besides repositories and migrations. */
const SQL_ALLOWED_FILES = new Set([
  // Opens and ends transactions itself: BEGIN IMMEDIATE, COMMIT, ROLLBACK (decision 005).
  `${SERVER_SRC}/db/unit-of-work.ts`,
  // Kysely's migrator: the migrations table.
  `${SERVER_SRC}/db/migrate.ts`,
]);

/** 4. SQL (Kysely query building, sql`` templates, sql.raw) lives in repositories and migrations only. */
export function checkSqlPlacement(file: SourceFile): Violation[] {
  if (!within(file.path, SERVER_SRC) || !/\.tsx?$/.test(file.path)) return [];
  if (isServerTestCode(file.path)) return [];
  if (file.path.endsWith('.repository.ts') || within(file.path, `${SERVER_SRC}/db/migrations`)) return [];
  if (SQL_ALLOWED_FILES.has(file.path)) return [];
  const lines = maskSource(file.text).split('\n');
  const violations: Violation[] = [];
  lines.forEach((text, index) => {
    for (const [pattern, name] of SQL_PATTERNS) {
      if (pattern.test(text)) {
        violations.push({
          file: file.path,
          line: index + 1,
          rule: 'sql-only-in-repositories',
          detail: `${name} outside a repository or migration`,
        });
      }
    }
  });
  return violations;
}

/**
 * 5. The demo seed is not part of the running product. Allowed to import src/seed/: the seed itself,
 * command-line entry points (*.cli.ts), tests and src/test/, and src/main.ts, which seeds an empty
 * demo database on first start (the documented exception: a fresh checkout shows a working shop).
 */
export function checkSeedImports(file: SourceFile): Violation[] {
  if (!within(file.path, SERVER_SRC)) return [];
  if (
    within(file.path, `${SERVER_SRC}/seed`) ||
    file.path === `${SERVER_SRC}/main.ts` ||
    file.path.endsWith('.cli.ts') ||
    isServerTestCode(file.path)
  ) {
    return [];
  }
  return importsOf(file).flatMap(({ specifier, line, target }) =>
    target !== null && within(target, `${SERVER_SRC}/seed`)
      ? [
          {
            file: file.path,
            line,
            rule: 'seed-only-for-main-clis-and-tests' as const,
            detail: `production code imports '${specifier}' from src/seed`,
          },
        ]
      : [],
  );
}

/** A web feature: 'cart' for the shop's src/features/cart, 'console/stock' for a wing's src/console/features/stock. */
function webFeatureOf(target: string): string | null {
  const match = /^apps\/web\/src\/(?:([^/]+)\/)?features\/([^/]+)(?:\/|$)/.exec(target);
  if (!match) return null;
  return match[1] ? `${match[1]}/${match[2]}` : (match[2] as string);
}

/** 6. Web features do not import each other; pages in src/app compose them. */
export function checkFeatureIsolation(file: SourceFile): Violation[] {
  const own = webFeatureOf(file.path);
  if (own === null) return [];
  return importsOf(file).flatMap(({ specifier, line, target }) => {
    if (target === null) return [];
    const other = webFeatureOf(target);
    return other !== null && other !== own
      ? [
          {
            file: file.path,
            line,
            rule: 'web-features-do-not-import-each-other' as const,
            detail: `feature '${own}' imports '${specifier}' from feature '${other}'`,
          },
        ]
      : [];
  });
}

/** 7. Dependencies point components/lib -> features -> app: components and lib import neither. */
export function checkWebLayering(file: SourceFile): Violation[] {
  // The shop's src/components and src/lib, and a wing's own (src/console/lib): below every features/ and app/.
  const layer = /^apps\/web\/src\/(?:[^/]+\/)?(components|lib)\//.exec(file.path)?.[1] ?? null;
  if (layer === null) return [];
  return importsOf(file).flatMap(({ specifier, line, target }) => {
    if (target === null) return [];
    const upper = /^apps\/web\/src\/(?:[^/]+\/)?(features|app)(?:\/|$)/.exec(target)?.[1] ?? null;
    return upper
      ? [
          {
            file: file.path,
            line,
            rule: 'web-components-and-lib-below-features' as const,
            detail: `src/${layer} imports '${specifier}' from src/${upper}`,
          },
        ]
      : [];
  });
}

/**
 * 8. The web's features never import an `app/` folder: pages in app/ compose features, not the
 * other way round. Any `features/` folder under apps/web/src counts (the shop's, and a wing's own
 * such as console/features), and so does any `app/` folder (the shop's, or a wing's).
 */
export function checkFeaturesBelowApp(file: SourceFile): Violation[] {
  if (!/^apps\/web\/src\/(?:[^/]+\/)*features\//.test(file.path)) return [];
  return importsOf(file).flatMap(({ specifier, line, target }) =>
    target !== null && /^apps\/web\/src\/(?:[^/]+\/)*app(?:\/|$)/.test(target)
      ? [
          {
            file: file.path,
            line,
            rule: 'web-features-do-not-import-app' as const,
            detail: `a feature imports '${specifier}' from an app/ folder; let the page pass it in`,
            imported: target,
          },
        ]
      : [],
  );
}

/** Transaction openers a repository must not use: the service decides where a unit of work begins. */
const TRANSACTION_CALLS: [RegExp, string][] = [
  [/\binTransaction\s*\(/g, 'inTransaction('],
  [/\.transaction\s*\(\s*\)/g, '.transaction()'],
  [/\.startTransaction\s*\(/g, '.startTransaction('],
];
/** SQL text that opens a transaction, read from the original at the start of a sql`` or sql.raw(''). */
const TRANSACTION_SQL = /^\s*(?:begin\b|start\s+transaction\b|savepoint\b)/i;
const SQL_TEXT_STARTS = [/\bsql\s*(?:<[^`;]*?>)?\s*`/g, /\bsql\s*\.\s*raw\s*\(\s*(['"`])/g];

/** 9. A repository never opens a transaction (inTransaction, Kysely's transaction(), BEGIN). */
export function checkRepositoryTransactions(file: SourceFile): Violation[] {
  if (!within(file.path, SERVER_SRC) || !file.path.endsWith('.repository.ts')) return [];
  const masked = maskSource(file.text);
  const violations: Violation[] = [];
  const add = (offset: number, what: string) =>
    violations.push({
      file: file.path,
      line: lineAt(file.text, offset),
      rule: 'repositories-open-no-transaction',
      detail: `${what} in a repository; the service opens the unit of work (inTransaction)`,
      imported: what,
    });
  for (const [pattern, name] of TRANSACTION_CALLS) {
    for (const match of masked.matchAll(pattern)) add(match.index ?? 0, name);
  }
  for (const pattern of SQL_TEXT_STARTS) {
    for (const match of masked.matchAll(pattern)) {
      const start = (match.index ?? 0) + match[0].length;
      if (TRANSACTION_SQL.test(file.text.slice(start, start + 40))) add(match.index ?? 0, 'BEGIN');
    }
  }
  return violations.sort((a, b) => a.line - b.line);
}

/** Named imports and re-exports: `import { a, type B as C } from '...'`, with the imported names. */
function namedImportsOf(file: SourceFile): { names: string[]; specifier: string; line: number }[] {
  const masked = maskSource(file.text);
  const pattern = /\b(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*(['"])/g;
  return [...masked.matchAll(pattern)].flatMap((match) => {
    const quote = match[2] as string;
    const start = (match.index ?? 0) + match[0].length;
    const end = file.text.indexOf(quote, start);
    if (end < 0) return [];
    const names = (match[1] as string)
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '',
      )
      .filter((name) => name !== '');
    return [{ names, specifier: file.text.slice(start, end), line: lineAt(file.text, start) }];
  });
}

/**
 * Namespace imports (`import * as orders from '...'`) with the members the file reads through them
 * (`orders.OrderRow`), so a row type cannot cross a module boundary by being reached as a member.
 */
function namespaceMembersOf(file: SourceFile): { names: string[]; specifier: string; line: number }[] {
  const masked = maskSource(file.text);
  const pattern = /\b(?:import|export)\s+(?:type\s+)?\*\s+as\s+([\w$]+)\s+from\s*(['"])/g;
  return [...masked.matchAll(pattern)].flatMap((match) => {
    const alias = match[1] as string;
    const quote = match[2] as string;
    const start = (match.index ?? 0) + match[0].length;
    const end = file.text.indexOf(quote, start);
    if (end < 0) return [];
    const members = new Set(
      [...masked.matchAll(new RegExp(`(?<![\\w$.])${alias.replace(/\$/g, '\\$')}\\.([\\w$]+)`, 'g'))].map(
        (member) => member[1] as string,
      ),
    );
    return [{ names: [...members], specifier: file.text.slice(start, end), line: lineAt(file.text, start) }];
  });
}

/**
 * 10. A repository's row type never leaves its module: no file of one server module imports a
 * type named ...Row from another module (its repository, or its service re-exporting it). The
 * shared table types in src/db are not a module's and are not checked here.
 */
export function checkRowTypes(file: SourceFile): Violation[] {
  const own = serverModuleOf(file.path);
  if (own === null || isServerTestCode(file.path)) return [];
  return [...namedImportsOf(file), ...namespaceMembersOf(file)].flatMap(({ names, specifier, line }) => {
    const target = resolveImport(file.path, specifier);
    const other = target === null ? null : serverModuleOf(target);
    if (other === null || other === own) return [];
    return names
      .filter((name) => /Row$/.test(name))
      .map((name) => ({
        file: file.path,
        line,
        rule: 'row-types-stay-in-their-module' as const,
        detail: `module '${own}' imports the row type ${name} from module '${other}'; take a domain type from its service`,
        imported: other,
      }));
  });
}

/**
 * Names the end-to-end tests and benchmarks once declared by hand for a contract shape, besides
 * the contract's own exported names: the search API's product card.
 */
const KNOWN_CONTRACT_COPIES = new Map([
  ['SearchItem', 'ProductListItem'],
  ['ItemCard', 'ProductListItem'],
]);

/** The type names packages/contract exports: `export type X`, `export interface X`, and X of `export const XSchema`. */
export function contractTypeNames(files: SourceFile[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (!within(file.path, 'packages/contract/src') || isTestFile(file.path)) continue;
    const masked = maskSource(file.text);
    for (const match of masked.matchAll(/\bexport\s+(?:type|interface)\s+([A-Z][\w$]*)/g))
      names.add(match[1] as string);
    for (const match of masked.matchAll(/\bexport\s+const\s+([A-Z][\w$]*)Schema\b/g)) names.add(match[1] as string);
  }
  return names;
}

/**
 * 11. End-to-end tests and benchmarks take the API's types from @shop/contract: they declare no
 * interface or type alias named as one of the contract's types, nor one of the names once used for
 * a hand-made copy of a contract shape.
 */
export function checkContractTypeCopies(file: SourceFile, contractNames: Set<string>): Violation[] {
  if (!within(file.path, 'e2e') && !within(file.path, 'bench')) return [];
  const masked = maskSource(file.text);
  return [...masked.matchAll(/\b(?:interface|type)\s+([A-Z][\w$]*)\s*(?:<[^>{=]*>)?\s*(?:=|\{|extends\b)/g)].flatMap(
    (match) => {
      const name = match[1] as string;
      const contractName = contractNames.has(name) ? name : KNOWN_CONTRACT_COPIES.get(name);
      if (contractName === undefined) return [];
      return [
        {
          file: file.path,
          line: lineAt(file.text, match.index ?? 0),
          rule: 'e2e-and-bench-take-contract-types' as const,
          detail: `declares ${name}, a copy of the contract's ${contractName}; import it from @shop/contract`,
          imported: name,
        },
      ];
    },
  );
}

/** Strongly connected components (Tarjan) of a directed graph, each with more than one node. */
export function cyclesOf(edges: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets])]);
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest path from one node to another (both included), or null. */
function pathBetween(edges: Map<string, Set<string>>, from: string, to: string): string[] | null {
  const previous = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    if (node === to) {
      const path: string[] = [];
      for (let at: string | null = node; at !== null; at = previous.get(at) ?? null) path.unshift(at);
      return path;
    }
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

interface Edge {
  file: string;
  line: number;
  specifier: string;
  from: string;
  to: string;
}

/** Every edge that lies on a cycle, reported with one cycle it closes (to -> ... -> from -> to). */
function edgesOnCycles(edges: Edge[]): { edge: Edge; cycle: string[] }[] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  const component = new Map<string, number>();
  cyclesOf(graph).forEach((members, i) => {
    for (const member of members) component.set(member, i);
  });
  return edges.flatMap((edge) => {
    const mine = component.get(edge.from);
    if (mine === undefined || mine !== component.get(edge.to)) return [];
    const back = pathBetween(graph, edge.to, edge.from) ?? [edge.to, edge.from];
    return [{ edge, cycle: [edge.from, ...back] }];
  });
}

/**
 * 12. Server modules form no cycle: over every non-test file of apps/server/src/modules, module A
 * depends on module B when one of A's files imports one of B's (types included). Each import that
 * lies on a cycle is reported with the cycle it closes.
 */
export function checkModuleCycles(files: SourceFile[]): Violation[] {
  const edges: Edge[] = files.flatMap((file) => {
    const from = serverModuleOf(file.path);
    if (from === null || isServerTestCode(file.path)) return [];
    return importsOf(file).flatMap(({ specifier, line, target }) => {
      const to = target === null ? null : serverModuleOf(target);
      return to === null || to === from ? [] : [{ file: file.path, line, specifier, from, to }];
    });
  });
  return edgesOnCycles(edges).map(({ edge, cycle }) => ({
    file: edge.file,
    line: edge.line,
    rule: 'server-modules-form-no-cycle' as const,
    detail: `module '${edge.from}' imports '${edge.specifier}' from module '${edge.to}', closing the cycle ${cycle.join(' -> ')}`,
    imported: edge.to,
  }));
}

/**
 * The specifiers a file imports for types alone (`import type`, `export type { } from`, or every
 * name marked `type`), by the line they are on: erased when compiled, so they load nothing.
 */
function typeOnlyImportsOf(file: SourceFile): Set<string> {
  const masked = maskSource(file.text);
  const pattern =
    /\b(?:import|export)\s+(type\s+)?(?:([\w$]+)\s*,\s*)?(?:\{([^}]*)\}|\*\s+as\s+[\w$]+|[\w$]+)\s*from\s*(['"])/g;
  const found = new Set<string>();
  for (const match of masked.matchAll(pattern)) {
    const names = (match[3] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const typeOnly =
      match[1] !== undefined ||
      (match[2] === undefined && names.length > 0 && names.every((name) => name.startsWith('type ')));
    if (!typeOnly) continue;
    const quote = match[4] as string;
    const start = (match.index ?? 0) + match[0].length;
    const end = file.text.indexOf(quote, start);
    if (end >= 0) found.add(`${lineAt(file.text, start)}:${file.text.slice(start, end)}`);
  }
  return found;
}

/**
 * 13. Within a server module its files form no cycle either: a file that imports a file which
 * (through others) imports it back is one piece of code split in two, and the order the two load
 * in decides what the other sees. Imports of types alone load nothing and are not counted.
 */
export function checkFileCycles(files: SourceFile[]): Violation[] {
  const paths = new Set(files.map((file) => file.path));
  // Server imports name the compiled file ('./x.js'); the graph's nodes are the sources.
  const sourceOf = (target: string): string | null =>
    [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}/index.ts`].find((p) => paths.has(p)) ?? null;
  const edges: Edge[] = files.flatMap((file) => {
    const module = serverModuleOf(file.path);
    if (module === null || isServerTestCode(file.path)) return [];
    const typesOnly = typeOnlyImportsOf(file);
    return importsOf(file).flatMap(({ specifier, line, target }) => {
      const to = target === null || typesOnly.has(`${line}:${specifier}`) ? null : sourceOf(target);
      return to === null || to === file.path || serverModuleOf(to) !== module || isServerTestCode(to)
        ? []
        : [{ file: file.path, line, specifier, from: file.path, to }];
    });
  });
  return edgesOnCycles(edges).map(({ edge, cycle }) => ({
    file: edge.file,
    line: edge.line,
    rule: 'module-files-form-no-cycle' as const,
    detail: `imports '${edge.specifier}', closing the cycle ${cycle.map((f) => f.replace(/^.*\/modules\//, '')).join(' -> ')}`,
    imported: edge.to,
  }));
}

export const RULES: [RuleName, (file: SourceFile) => Violation[]][] = [
  ['contract-imports-nothing-of-ours', checkContractIsolation],
  ['web-and-server-meet-only-in-contract', checkAppsBridge],
  ['modules-use-services-not-repositories', checkModuleRepositories],
  ['sql-only-in-repositories', checkSqlPlacement],
  ['seed-only-for-main-clis-and-tests', checkSeedImports],
  ['web-features-do-not-import-each-other', checkFeatureIsolation],
  ['web-components-and-lib-below-features', checkWebLayering],
  ['web-features-do-not-import-app', checkFeaturesBelowApp],
  ['repositories-open-no-transaction', checkRepositoryTransactions],
  ['row-types-stay-in-their-module', checkRowTypes],
];

/** Rules that need the whole tree at once: a graph, or names declared elsewhere. */
export const TREE_RULES: [RuleName, (files: SourceFile[]) => Violation[]][] = [
  ['server-modules-form-no-cycle', checkModuleCycles],
  ['module-files-form-no-cycle', checkFileCycles],
  [
    'e2e-and-bench-take-contract-types',
    (files) => {
      const names = contractTypeNames(files);
      return files.flatMap((file) => checkContractTypeCopies(file, names));
    },
  ],
];

/** How a known violation is listed: the file, then what it wrongly imports (a module, a path). */
function knownKey(violation: Violation): string {
  return `${violation.file} -> ${violation.imported ?? violation.detail}`;
}

/**
 * Violations the real tree still has while their fixes are under way, as `file -> imported`.
 * The real-tree test fails on any violation not listed here, and on any listed one that no longer
 * occurs: the lists can only shrink, and must be kept exact. Delete a rule's entry when it is empty.
 */
const KNOWN_VIOLATIONS: Partial<Record<RuleName, string[]>> = {};

/** Violations not in the known list, and listed ones that no longer occur. */
export function compareWithKnown(violations: Violation[], known: string[]): { unknown: Violation[]; fixed: string[] } {
  const found = new Set(violations.map(knownKey));
  return {
    unknown: violations.filter((v) => !known.includes(knownKey(v))),
    fixed: known.filter((key) => !found.has(key)),
  };
}

function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line} [${v.rule}] ${v.detail}`).join('\n');
}

function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(REPO_ROOT, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && /\.tsx?$/.test(entry.name)) {
        files.push({ path: child, text: readFileSync(path.join(REPO_ROOT, child), 'utf8') });
      }
    }
  };
  for (const root of SCANNED_ROOTS) walk(root);
  return files;
}

// ---------------------------------------------------------------------------------------------
// Self-tests: every rule fails on a sample that breaks it.

function sample(filePath: string, ...lines: string[]): SourceFile {
  return { path: filePath, text: lines.join('\n') };
}

function linesOf(violations: Violation[]): number[] {
  return violations.map((v) => v.line);
}

describe('architecture checker (self-test)', () => {
  it('finds static, multi-line, type, re-export, side-effect, dynamic and require imports with their lines', () => {
    const file = sample(
      'apps/web/src/x.ts',
      "import a from './a';",
      'import {',
      '  b,',
      '  c,',
      "} from './bc';",
      "import type { D } from './d';",
      "export * from './e';",
      "export { f } from './f';",
      "import './g.css';",
      "const h = await import('./h');",
      'const i = await import(`./i`);',
      "const j = require('./j');",
      "import k, { l } from 'k';",
    );
    expect(findImports(file)).toEqual([
      { specifier: './a', line: 1 },
      { specifier: './bc', line: 5 },
      { specifier: './d', line: 6 },
      { specifier: './e', line: 7 },
      { specifier: './f', line: 8 },
      { specifier: './g.css', line: 9 },
      { specifier: './h', line: 10 },
      { specifier: './i', line: 11 },
      { specifier: './j', line: 12 },
      { specifier: 'k', line: 13 },
    ]);
  });

  it('ignores imports and SQL in comments, strings, templates and regular expressions', () => {
    const file = sample(
      'apps/server/src/modules/cart/cart.service.ts',
      "// import x from '../catalogue/catalogue.repository.js';",
      "/* import y from '../../seed/seed.js'; db.selectFrom('x') */",
      'const text = "import z from \'../../seed/seed.js\'";',
      "const doc = `import w from '../catalogue/catalogue.repository.js'; db.selectFrom('t'); sql\\`x\\``;",
      "const pattern = /import q from '..\\/..\\/seed\\/seed.js'/;",
      'const ratio = a / b / c;',
      "import { real } from './cart.repository.js';",
    );
    expect(findImports(file)).toEqual([{ specifier: './cart.repository.js', line: 7 }]);
    expect(checkSqlPlacement(file)).toEqual([]);
    expect(checkModuleRepositories(file)).toEqual([]);
    expect(checkSeedImports(file)).toEqual([]);
  });

  it('keeps code inside template expressions visible', () => {
    // The samples are source text: their ${...} are meant literally.
    const file = sample(
      'apps/server/src/lib/x.ts',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal
      'const s = `a ${db.selectFrom("t")} b`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of nested templates
      'const t = `${`${x}`}`; const u = db.selectFrom("after");',
    );
    expect(linesOf(checkSqlPlacement(file))).toEqual([1, 2]);
  });

  it('resolves relative paths, web aliases and workspace packages', () => {
    expect(resolveImport('apps/web/src/features/cart/a.ts', '../search/b')).toBe('apps/web/src/features/search/b');
    expect(resolveImport('apps/web/src/features/cart/a.ts', '@/features/search/b')).toBe(
      'apps/web/src/features/search/b',
    );
    expect(resolveImport('apps/web/src/lib/a.ts', '~/app/router')).toBe('apps/web/src/app/router');
    expect(resolveImport('apps/server/src/app.ts', '@shop/contract')).toBe('packages/contract/src');
    expect(resolveImport('apps/server/src/app.ts', '@shop/web/src/main')).toBe('apps/web/src/main');
    expect(resolveImport('apps/server/src/app.ts', 'fastify')).toBeNull();
    expect(resolveImport('apps/server/src/app.ts', '@fastify/static')).toBeNull();
  });

  it('rule 1: the contract imports nothing from the apps or outside itself', () => {
    const bad = sample(
      'packages/contract/src/cart.ts',
      "import { z } from 'zod';",
      "import { PromotionSchema } from './search-response.js';",
      "import { app } from '../../../apps/server/src/app.js';",
      "import type { Viewer } from '@shop/server/src/lib/context';",
      "import { x } from '../../other/thing';",
      "const web = await import('@shop/web');",
    );
    expect(linesOf(checkContractIsolation(bad))).toEqual([3, 4, 5, 6]);
    expect(checkContractIsolation(bad)[0]?.rule).toBe('contract-imports-nothing-of-ours');
  });

  it('rule 2: web and server do not import each other, and take the contract by its package name', () => {
    const web = sample(
      'apps/web/src/features/cart/api/get-cart.ts',
      "import { CartSchema } from '@shop/contract';",
      "import { CartService } from '../../../../../server/src/modules/cart/cart.service';",
      "import type { Ctx } from '@shop/server/src/lib/context';",
      "import { money } from '../../../../../../packages/contract/src/money';",
    );
    expect(linesOf(checkAppsBridge(web))).toEqual([2, 3, 4]);
    const server = sample(
      'apps/server/src/modules/cart/cart.mapper.ts',
      "import { formatMoney } from '@shop/contract';",
      "import { formatPrice } from '../../../../web/src/lib/format';",
    );
    expect(linesOf(checkAppsBridge(server))).toEqual([2]);
  });

  it("rule 3: a module never imports another module's repository", () => {
    const bad = sample(
      'apps/server/src/modules/cart/cart.service.ts',
      "import { CartRepository } from './cart.repository.js';",
      "import { CatalogueService } from '../catalogue/catalogue.service.js';",
      "import { CatalogueRepository } from '../catalogue/catalogue.repository.js';",
      "import type { ProductCardRow } from '../catalogue/catalogue.repository';",
      "import { PricesRepository } from '../catalogue/prices/prices.repository.js';",
      "import { SandboxRepository } from '../payments/providers/sandbox/sandbox.repository.ts';",
    );
    expect(linesOf(checkModuleRepositories(bad))).toEqual([3, 4, 5, 6]);
    const nested = sample(
      'apps/server/src/modules/payments/providers/sandbox/adapter.ts',
      "import { PaymentsRepository } from '../../payments.repository.js';",
      "import { OrdersRepository } from '../../../orders/orders.repository.js';",
    );
    expect(linesOf(checkModuleRepositories(nested))).toEqual([2]);
  });

  it('rule 4: SQL only in repositories, migrations, the unit of work and the migrator', () => {
    const bad = sample(
      'apps/server/src/modules/cart/cart.service.ts',
      "const rows = await ctx.db.selectFrom('cart_items').selectAll().execute();",
      "await ctx.db.insertInto('carts').values(row).execute();",
      "await ctx.db.updateTable('carts').set(row).execute();",
      "await ctx.db.deleteFrom('carts').execute();",
      'await ctx.db.selectNoFrom((eb) => eb.val(1)).execute();',
      "await ctx.db.with('x', (db) => db).execute();",
      "await ctx.db.schema.createTable('t').execute();",
      'await sql`select 1`.execute(ctx.db);',
      'await sql<number>`select 1`.execute(ctx.db);',
      "await sql.raw('select 1').execute(ctx.db);",
      'const fine = cart.items.map((item) => item.id);',
    );
    expect(linesOf(checkSqlPlacement(bad))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(checkSqlPlacement(bad)[0]?.rule).toBe('sql-only-in-repositories');
    const sqlLine = 'await sql`begin immediate`.execute(connection);';
    for (const allowed of [
      'apps/server/src/modules/cart/cart.repository.ts',
      'apps/server/src/lib/rate-limit.repository.ts',
      'apps/server/src/db/migrations/0001-foundation.ts',
      'apps/server/src/db/unit-of-work.ts',
      'apps/server/src/db/migrate.ts',
      'apps/server/src/modules/cart/cart.api.test.ts',
      'apps/server/src/test/factories.ts',
    ]) {
      expect(checkSqlPlacement(sample(allowed, sqlLine)), allowed).toEqual([]);
    }
    for (const forbidden of ['apps/server/src/db/database.ts', 'apps/server/src/app.ts', 'apps/server/src/lib/x.ts']) {
      expect(linesOf(checkSqlPlacement(sample(forbidden, sqlLine))), forbidden).toEqual([1]);
    }
  });

  it('rule 5: only the seed, main.ts, CLIs and tests import src/seed', () => {
    const line = "import { seedCatalogue } from '../../seed/seed.js';";
    expect(linesOf(checkSeedImports(sample('apps/server/src/modules/catalogue/catalogue.service.ts', line)))).toEqual([
      1,
    ]);
    expect(
      linesOf(checkSeedImports(sample('apps/server/src/lib/slug.ts', "export { slugify } from '../seed/random.js';"))),
    ).toEqual([1]);
    expect(
      linesOf(checkSeedImports(sample('apps/server/src/app.ts', "const seed = await import('./seed/seed.js');"))),
    ).toEqual([1]);
    for (const allowed of [
      'apps/server/src/main.ts',
      'apps/server/src/seed/seed.cli.ts',
      'apps/server/src/seed/generator.ts',
      'apps/server/src/openapi/write-openapi.cli.ts',
      'apps/server/src/modules/catalogue/catalogue.api.test.ts',
      'apps/server/src/test/factories.ts',
    ]) {
      expect(checkSeedImports(sample(allowed, line, "import './seed/seed.js';")), allowed).toEqual([]);
    }
  });

  it('rule 6: web features do not import each other, by relative path or alias', () => {
    const bad = sample(
      'apps/web/src/features/cart/components/cart-modal.tsx',
      "import { useCart } from '../../../lib/cart';",
      "import { CartItem } from './cart-item';",
      "import { makeItem } from '../../search/test-fixtures';",
      "import { ProductPrice } from '@/features/product/components/product-price';",
      "import { Heart } from '~/features/wishlist';",
      "import { Modal } from '../../../components/modal';",
    );
    expect(linesOf(checkFeatureIsolation(bad))).toEqual([3, 4, 5]);
    expect(checkFeatureIsolation(bad)[0]?.rule).toBe('web-features-do-not-import-each-other');
  });

  it('rule 7: components and lib import neither features nor app', () => {
    const component = sample(
      'apps/web/src/components/product-card.tsx',
      "import { Modal } from './modal';",
      "import { formatMoney } from '../lib/format';",
      "import { makeItem } from '../features/search/test-fixtures';",
      "import { useSite } from '../app/site-settings-provider';",
    );
    expect(linesOf(checkWebLayering(component))).toEqual([3, 4]);
    const lib = sample(
      'apps/web/src/lib/cart.ts',
      "import { CartModal } from '@/features/cart/components/cart-modal';",
    );
    expect(linesOf(checkWebLayering(lib))).toEqual([1]);
    const page = sample('apps/web/src/app/pages/cart-page.tsx', "import { CartContents } from '../../features/cart';");
    expect(checkWebLayering(page)).toEqual([]);
  });

  it("rules 6 and 7 hold in the console's wing the same way", () => {
    const feature = sample(
      'apps/web/src/console/features/settings/postage-form.ts',
      "import { parseMoney } from '../../lib/money-input';",
      "import { SettingsSave } from './api/settings-save';",
      "import { moneyText } from '../stock/item-form-values';",
      "import { CartItem } from '../../../features/cart/components/cart-item';",
      "import { formatCount } from '../../../lib/format-count';",
    );
    expect(linesOf(checkFeatureIsolation(feature))).toEqual([3, 4]);
    const shop = sample(
      'apps/web/src/features/cart/a.ts',
      "import { StockRoutes } from '../../console/features/stock';",
    );
    expect(linesOf(checkFeatureIsolation(shop))).toEqual([1]);
    const lib = sample(
      'apps/web/src/console/lib/use-console-store.ts',
      "import { apiGet } from '../../lib/api-client';",
      "import { ItemForm } from '../features/stock/item-form';",
      "import { ConsoleLayout } from '../app/console-layout';",
      "import { useSite } from '../../app/site-settings-provider';",
    );
    expect(linesOf(checkWebLayering(lib))).toEqual([2, 3, 4]);
    const component = sample(
      'apps/web/src/console/components/console-pager.tsx',
      "import { OrdersList } from '../features/orders/orders-list-page';",
    );
    expect(linesOf(checkWebLayering(component))).toEqual([1]);
  });

  it('rule 8: no features/ folder imports an app/ folder, the shop wing or any other', () => {
    const shop = sample(
      'apps/web/src/features/cart/components/cart-modal.tsx',
      "import { RequireViewer } from '../../../app/require-viewer';",
      "import { Modal } from '../../../components/modal';",
      "import { routes } from '@/app/routes';",
      "import { useCart } from '../../../lib/cart';",
    );
    expect(linesOf(checkFeaturesBelowApp(shop))).toEqual([1, 3]);
    expect(checkFeaturesBelowApp(shop)[0]?.imported).toBe('apps/web/src/app/require-viewer');
    const wing = sample(
      'apps/web/src/console/features/stock/stock-list-page.tsx',
      "import { ConsoleShell } from '../../app/console-shell';",
      "import { SiteProvider } from '../../../app/site-settings-provider';",
      "import { StockTable } from './stock-table';",
      "import { ConsoleApp } from '../../console-app';",
    );
    expect(linesOf(checkFeaturesBelowApp(wing))).toEqual([1, 2]);
    const page = sample(
      'apps/web/src/console/app/stock-routes.tsx',
      "import { StockListPage } from '../features/stock';",
    );
    expect(checkFeaturesBelowApp(page)).toEqual([]);
  });

  it('rule 9: a repository opens no transaction', () => {
    const bad = sample(
      'apps/server/src/modules/orders/orders.repository.ts',
      "import { inTransaction } from '../../db/unit-of-work.js';",
      'await inTransaction(ctx, async () => {});',
      'await ctx.db.transaction().execute(async (trx) => trx);',
      'await sql`BEGIN IMMEDIATE`.execute(ctx.db);',
      "await sql.raw('start transaction').execute(ctx.db);",
      'const trx = await ctx.db.startTransaction().execute();',
      "await ctx.db.selectFrom('orders').selectAll().execute();",
      "// inTransaction(ctx) is the caller's job; sql`begin` neither",
      'await sql`select begin_at from t`.execute(ctx.db);',
    );
    expect(linesOf(checkRepositoryTransactions(bad))).toEqual([2, 3, 4, 5, 6]);
    expect(checkRepositoryTransactions(bad)[0]?.rule).toBe('repositories-open-no-transaction');
    const service = sample(
      'apps/server/src/modules/orders/orders.service.ts',
      'await inTransaction(ctx, async () => {});',
    );
    expect(checkRepositoryTransactions(service)).toEqual([]);
  });

  it("rule 10: no module imports another module's ...Row type", () => {
    const bad = sample(
      'apps/server/src/modules/invoices/invoice.mapper.ts',
      "import type { OrderRow, OrderShipmentRow } from '../orders/orders.service.js';",
      "import { type OrderLineRow, OrdersService } from '../orders/orders.service.js';",
      "import type { StoreRow } from '../../db/schema.js';",
      "import type { InvoiceRow } from './invoice.repository.js';",
      "import type { OrderView } from '../orders/orders.service.js';",
      "export type { PaymentAttemptRow as Attempt } from '../payments/payments.repository.js';",
    );
    expect(checkRowTypes(bad).map((v) => [v.line, v.imported, /row type (\w+)/.exec(v.detail)?.[1]])).toEqual([
      [1, 'orders', 'OrderRow'],
      [1, 'orders', 'OrderShipmentRow'],
      [2, 'orders', 'OrderLineRow'],
      [6, 'payments', 'PaymentAttemptRow'],
    ]);
    const namespaced = sample(
      'apps/server/src/modules/invoices/x.ts',
      [
        "import * as orders from '../orders/orders.service.js';",
        "import type * as own from './invoice.repository.js';",
        'export function f(row: orders.OrderRow, mine: own.InvoiceRow): orders.Order {',
        '  return new orders.OrdersService().load(row, mine);',
        '}',
      ].join('\n'),
    );
    expect(checkRowTypes(namespaced).map((v) => [v.line, v.imported, /row type (\w+)/.exec(v.detail)?.[1]])).toEqual([
      [1, 'orders', 'OrderRow'],
    ]);
    const nested = sample(
      'apps/server/src/modules/payments/providers/paypal/paypal.routes.ts',
      "import type { PaymentAttemptRow } from '../../payments.service.js';",
    );
    expect(checkRowTypes(nested)).toEqual([]);
    expect(checkRowTypes(sample('apps/server/src/modules/orders/x.api.test.ts', bad.text))).toEqual([]);
  });

  it('rule 11: e2e and bench declare no copy of a contract type', () => {
    const contract = [
      sample(
        'packages/contract/src/search-response.ts',
        'export const ProductListItemSchema = z.object({});',
        'export type SearchResultsValue = z.infer<typeof SearchResultsValueSchema>;',
        'export interface CategoryFacetItem { Guid: string }',
      ),
      sample('packages/contract/src/x.test.ts', 'export type OnlyInATest = string;'),
    ];
    const names = contractTypeNames(contract);
    expect([...names].sort()).toEqual(['CategoryFacetItem', 'ProductListItem', 'SearchResultsValue']);
    const copies = sample(
      'e2e/cart.e2e.test.ts',
      'interface SearchItem {',
      '  Code: string;',
      '}',
      'export type SearchResultsValue = { Total: number };',
      'interface CategoryFacetItem extends Counted {}',
      'interface ItemCard<T> {}',
      "import type { ProductListItem } from '@shop/contract';",
      'interface Shopper { email: string }',
      'type Caller = (path: string) => Promise<unknown>;',
    );
    expect(linesOf(checkContractTypeCopies(copies, names))).toEqual([1, 4, 5, 6]);
    expect(linesOf(checkContractTypeCopies({ ...copies, path: 'bench/orders.bench.ts' }, names))).toEqual([1, 4, 5, 6]);
    expect(checkContractTypeCopies({ ...copies, path: 'apps/web/src/x.ts' }, names)).toEqual([]);
  });

  it('rule 12: server modules form no cycle, each import on one reported with the cycle it closes', () => {
    const files = [
      sample(
        'apps/server/src/modules/orders/orders.service.ts',
        "import { PaymentsService } from '../payments/payments.service.js';",
      ),
      sample(
        'apps/server/src/modules/payments/providers/paypal/paypal.routes.ts',
        "import { finishPayment } from '../../../checkout/finish-payment.flow.js';",
      ),
      sample(
        'apps/server/src/modules/checkout/place-order.flow.ts',
        "import type { OrdersService } from '../orders/orders.service.js';",
        "import { CatalogueService } from '../catalogue/catalogue.service.js';",
      ),
      sample('apps/server/src/modules/catalogue/catalogue.service.ts', "import { money } from '../../lib/money.js';"),
      // Tests may import across freely: they are no part of the module graph.
      sample(
        'apps/server/src/modules/catalogue/catalogue.api.test.ts',
        "import { x } from '../checkout/place-order.flow.js';",
      ),
    ];
    const found = checkModuleCycles(files);
    expect(found.map((v) => [v.file, v.imported])).toEqual([
      ['apps/server/src/modules/orders/orders.service.ts', 'payments'],
      ['apps/server/src/modules/payments/providers/paypal/paypal.routes.ts', 'checkout'],
      ['apps/server/src/modules/checkout/place-order.flow.ts', 'orders'],
    ]);
    expect(found[0]?.detail).toContain('orders -> payments -> checkout -> orders');
    expect(found[0]?.rule).toBe('server-modules-form-no-cycle');
    expect(checkModuleCycles(files.slice(1))).toEqual([]);
  });

  it("rule 13: a module's files form no cycle among themselves", () => {
    const files = [
      sample(
        'apps/server/src/modules/search/catalogue-index.ts',
        "import { FacetBitmaps } from './facet-bitmaps.js';",
        "import { money } from '../../lib/money.js';",
      ),
      sample('apps/server/src/modules/search/facet-bitmaps.ts', "import { countWords } from './text/word-counts.js';"),
      sample(
        'apps/server/src/modules/search/text/word-counts.ts',
        "import { IndexedItem } from '../catalogue-index.js';",
      ),
      // Another module's file, a test and an import of types alone close nothing.
      sample('apps/server/src/modules/catalogue/x.ts', "import { y } from '../search/catalogue-index.js';"),
      sample('apps/server/src/modules/search/sort-orders.ts', "import { type A, type B } from './catalogue-index.js';"),
      sample('apps/server/src/modules/search/order-moves.ts', "import type { C } from './facet-bitmaps.js';"),
      sample('apps/server/src/modules/search/search.api.test.ts', "import { z } from './catalogue-index.js';"),
    ];
    const found = checkFileCycles(files);
    expect(found.map((v) => [v.file, v.imported])).toEqual([
      ['apps/server/src/modules/search/catalogue-index.ts', 'apps/server/src/modules/search/facet-bitmaps.ts'],
      ['apps/server/src/modules/search/facet-bitmaps.ts', 'apps/server/src/modules/search/text/word-counts.ts'],
      ['apps/server/src/modules/search/text/word-counts.ts', 'apps/server/src/modules/search/catalogue-index.ts'],
    ]);
    expect(found[0]?.detail).toContain(
      'search/catalogue-index.ts -> search/facet-bitmaps.ts -> search/text/word-counts.ts -> search/catalogue-index.ts',
    );
    expect(checkFileCycles(files.slice(1))).toEqual([]);
  });

  it('a rule with known violations fails on a new one and on a listed one that is gone', () => {
    const violation = (file: string, imported: string): Violation => ({
      file,
      line: 1,
      rule: 'server-modules-form-no-cycle',
      detail: '',
      imported,
    });
    const known = ['a.ts -> orders', 'b.ts -> payments'];
    expect(compareWithKnown([violation('a.ts', 'orders'), violation('b.ts', 'payments')], known)).toEqual({
      unknown: [],
      fixed: [],
    });
    expect(compareWithKnown([violation('a.ts', 'orders'), violation('c.ts', 'orders')], known)).toEqual({
      unknown: [violation('c.ts', 'orders')],
      fixed: ['b.ts -> payments'],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The real tree

describe('architecture (ARCHITECTURE.md section 2) on the real tree', () => {
  const files = sourceFiles();

  it('finds the source files', () => {
    const paths = new Set(files.map((f) => f.path));
    for (const expected of ['packages/contract/src/index.ts', 'apps/server/src/app.ts', 'apps/web/src/main.tsx']) {
      expect(paths.has(expected), expected).toBe(true);
    }
    expect(files.some((f) => f.path.includes('node_modules') || f.path.includes('/dist/'))).toBe(false);
  });

  const all: [RuleName, () => Violation[]][] = [
    ...RULES.map(([rule, check]): [RuleName, () => Violation[]] => [rule, () => files.flatMap(check)]),
    ...TREE_RULES.map(([rule, check]): [RuleName, () => Violation[]] => [rule, () => check(files)]),
  ];
  for (const [rule, run] of all) {
    const known = KNOWN_VIOLATIONS[rule] ?? [];
    it(known.length === 0 ? `holds: ${rule}` : `holds but for its ${known.length} known violations: ${rule}`, () => {
      const { unknown, fixed } = compareWithKnown(run(), known);
      // Soft, so one run shows both what is new and what is fixed.
      expect.soft(unknown, `\n${describeViolations(unknown)}\n`).toEqual([]);
      expect.soft(fixed, 'no longer violated: remove them from KNOWN_VIOLATIONS').toEqual([]);
    });
  }
});
