import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type TableMetadata } from 'kysely';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test/test-database.js';
import { useTestShop } from '../test/test-shop.js';

/**
 * The table types in schema.ts are written by hand beside the migrations, and the compiler trusts
 * them: a column a migration added, renamed or made nullable without schema.ts following would
 * only show as a failing query. This test migrates a fresh database (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL is set), reads its tables back with Kysely's introspection and compares them
 * with the `Database` interface as the TypeScript compiler sees it: every table, every column and
 * whether it may be null.
 */

const SCHEMA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
/** Kysely's migrator's own bookkeeping: not part of `Database`. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface DeclaredColumn {
  /** The select type admits null. */
  nullable: boolean;
}
/** Table name -> column name -> column, as `Database` declares them. */
type DeclaredSchema = Map<string, Map<string, DeclaredColumn>>;

const declaredSchemas = new Map<string, DeclaredSchema>();

function includesNull(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Null) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & ts.TypeFlags.Null) !== 0);
}

/**
 * The tables and columns of schema.ts's `Database` interface, read with the compiler's type checker
 * (so tables inherited from db/tables/*.ts count, and Generated<T> / ColumnType<S, I, U> columns
 * are judged by their select type S).
 */
function declaredSchema(schemaFile: string = SCHEMA_FILE): DeclaredSchema {
  // Building the program takes seconds; every database compares with the same answer.
  const cached = declaredSchemas.get(schemaFile);
  if (cached) return cached;
  const program = ts.createProgram([schemaFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    // Only schema.ts, its table files and Kysely's types: no @types packages, the smallest lib.
    types: [],
    lib: ['lib.es2022.d.ts'],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`cannot read ${schemaFile}`);
  // Unresolved imports (Kysely's Generated) would read as `any` and hide every column's nullability.
  const errors = ts.getPreEmitDiagnostics(program, source);
  if (errors.length > 0) {
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => '',
        getNewLine: () => '\n',
      }),
    );
  }
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!declaration) throw new Error(`${schemaFile} declares no interface Database`);
  const database = checker.getTypeAtLocation(declaration);
  const schema: DeclaredSchema = new Map();
  for (const table of checker.getPropertiesOfType(database)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, declaration);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      let columnType = checker.getTypeOfSymbolAtLocation(column, declaration);
      // Kysely's ColumnType (and Generated, built on it) carries the select type in __select__.
      const selected = columnType.getProperty('__select__');
      if (selected) columnType = checker.getTypeOfSymbolAtLocation(selected, declaration);
      columns.set(column.name, { nullable: includesNull(columnType) });
    }
    schema.set(table.name, columns);
  }
  declaredSchemas.set(schemaFile, schema);
  return schema;
}

/**
 * Every difference between what schema.ts declares and the tables a database holds, one readable
 * line each. Nullability is compared only where the database can say: a column the database fills
 * itself (SQLite's INTEGER PRIMARY KEY, PostgreSQL's serial) is left out, and `primaryKeys`
 * ('table.column') count as never null: SQLite lets a primary key other than INTEGER hold NULL
 * unless told NOT NULL (a bug kept for compatibility), but no row of ours ever has one.
 */
function schemaDrift(
  declared: DeclaredSchema,
  tables: TableMetadata[],
  primaryKeys: ReadonlySet<string> = new Set(),
): string[] {
  const problems: string[] = [];
  const actual = new Map(tables.filter((t) => !MIGRATOR_TABLES.has(t.name) && !t.isView).map((t) => [t.name, t]));
  for (const name of [...declared.keys()].sort()) {
    if (!actual.has(name)) problems.push(`table ${name}: in schema.ts, not in the database`);
  }
  for (const [name, table] of [...actual.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const columns = declared.get(name);
    if (!columns) {
      problems.push(`table ${name}: in the database, not in schema.ts`);
      continue;
    }
    const present = new Set(table.columns.map((c) => c.name));
    for (const column of [...columns.keys()].sort()) {
      if (!present.has(column)) problems.push(`column ${name}.${column}: in schema.ts, not in the database`);
    }
    for (const column of table.columns) {
      const expected = columns.get(column.name);
      if (!expected) {
        problems.push(`column ${name}.${column.name}: in the database, not in schema.ts`);
        continue;
      }
      if (column.isAutoIncrementing) continue;
      const isNullable = column.isNullable && !primaryKeys.has(`${name}.${column.name}`);
      if (expected.nullable !== isNullable) {
        problems.push(
          `column ${name}.${column.name}: ${isNullable ? 'nullable' : 'NOT NULL'} in the database, ` +
            `${expected.nullable ? 'nullable' : 'never null'} in schema.ts`,
        );
      }
    }
  }
  return problems;
}

describe('schema drift check (self-test)', () => {
  const column = (name: string, isNullable: boolean, isAutoIncrementing = false) => ({
    name,
    dataType: 'text',
    isNullable,
    isAutoIncrementing,
    hasDefaultValue: false,
  });
  const declared: DeclaredSchema = new Map([
    [
      'carts',
      new Map([
        ['id', { nullable: false }],
        ['token_hash', { nullable: false }],
        ['user_id', { nullable: true }],
      ]),
    ],
  ]);

  it('finds nothing when the two agree', () => {
    const tables: TableMetadata[] = [
      {
        name: 'carts',
        isView: false,
        columns: [column('id', true, true), column('token_hash', false), column('user_id', true)],
      },
      { name: 'kysely_migration', isView: false, columns: [column('name', false)] },
    ];
    expect(schemaDrift(declared, tables)).toEqual([]);
  });

  it('counts a primary key as never null, whatever SQLite says', () => {
    const tables: TableMetadata[] = [
      {
        name: 'carts',
        isView: false,
        columns: [column('id', true), column('token_hash', true), column('user_id', true)],
      },
    ];
    expect(schemaDrift(declared, tables, new Set(['carts.id', 'carts.token_hash']))).toEqual([]);
    expect(schemaDrift(declared, tables, new Set(['carts.id']))).toEqual([
      'column carts.token_hash: nullable in the database, never null in schema.ts',
    ]);
  });

  it('reports a missing column, an undeclared one, a nullability mismatch and missing tables', () => {
    const tables: TableMetadata[] = [
      {
        name: 'carts',
        isView: false,
        columns: [column('id', false), column('user_id', false), column('region', false)],
      },
      { name: 'wishlists', isView: false, columns: [column('id', false)] },
    ];
    expect(schemaDrift(declared, tables)).toEqual([
      'column carts.token_hash: in schema.ts, not in the database',
      'column carts.user_id: NOT NULL in the database, nullable in schema.ts',
      'column carts.region: in the database, not in schema.ts',
      'table wishlists: in the database, not in schema.ts',
    ]);
    expect(schemaDrift(declared, [])).toEqual(['table carts: in schema.ts, not in the database']);
  });

  it('reads schema.ts: Generated columns by their select type, tables from db/tables too', () => {
    const schema = declaredSchema();
    expect(schema.get('stores')?.get('id')).toEqual({ nullable: false });
    expect(schema.get('categories')?.get('parent_id')).toEqual({ nullable: true });
    expect(schema.get('orders')?.get('user_id')).toEqual({ nullable: true });
    expect(schema.size).toBeGreaterThan(30);
  });
});

describe.each(testDatabaseTargets())('schema.ts against the migrated database on $name', (target) => {
  const { database } = useTestShop(target, { server: false });

  it('declares every table and column the migrations make, and their nullability', async () => {
    const tables = await database.handle.db.introspection.getTables();
    // PostgreSQL's introspection lists every schema's tables; this test's own schema is the one.
    const ours = database.schema ? tables.filter((t) => t.schema === database.schema) : tables;
    const primaryKeys = new Set<string>();
    if (target.name === 'sqlite') {
      for (const table of ours) {
        const { rows } = await sql<{
          name: string;
        }>`SELECT name FROM pragma_table_info(${table.name}) WHERE pk > 0`.execute(database.handle.db);
        for (const row of rows) primaryKeys.add(`${table.name}.${row.name}`);
      }
    }
    expect(schemaDrift(declaredSchema(), ours, primaryKeys)).toEqual([]);
  });
});
