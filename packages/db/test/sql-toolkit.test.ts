import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containsPattern,
  createDb,
  createTestDatabase,
  escapeLike,
  isoDate,
  isoDateOrNull,
  isUniqueViolation,
  type TestDatabase,
} from '../src/index.ts';

let database: TestDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables of the test's own
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase('db_toolkit');
  db = createDb({ connectionString: database.url });
  await sql`create table names (name text not null unique, code text not null,
    constraint names_code_key unique (code))`.execute(db);
  await sql`insert into names (name, code) values ('100% cotton', 'a'), ('100 cotton', 'b'),
    ('snake_case', 'c'), ('snakeXcase', 'd'), ('back\\slash', 'e')`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const matching = async (term: string) =>
  (
    await sql<{ name: string }>`select name from names where name like ${containsPattern(term)}
      order by name`.execute(db)
  ).rows.map((row) => row.name);

describe('LIKE patterns from user text', () => {
  it('match %, _ and \\ as themselves, not as wildcards', async () => {
    expect(await matching('0% c')).toEqual(['100% cotton']);
    expect(await matching('e_c')).toEqual(['snake_case']);
    expect(await matching('k\\s')).toEqual(['back\\slash']);
    expect(await matching('cotton')).toEqual(['100 cotton', '100% cotton']);
    expect(escapeLike('a%b_c\\')).toBe('a\\%b\\_c\\\\');
  });
});

describe('isUniqueViolation', () => {
  it('tells a repeated unique value, and which constraint refused it', async () => {
    const error = await sql`insert into names (name, code) values ('other', 'a')`.execute(db).catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'names_code_key')).toBe(true);
    expect(isUniqueViolation(error, 'names_name_key')).toBe(false);
    const notNull = await sql`insert into names (name) values ('x')`.execute(db).catch((e) => e);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe('isoDate', () => {
  it('answers a timestamp read as a Date or as text in ISO 8601 UTC', async () => {
    const { rows } = await sql<{ at: Date; text: string }>`select
      '2026-11-27 06:30:00.25+02'::timestamptz as at, '2026-11-27 06:30:00.25+02' as text`.execute(db);
    expect(isoDate(rows[0]!.at)).toBe('2026-11-27T04:30:00.250Z');
    expect(isoDate(rows[0]!.text)).toBe('2026-11-27T04:30:00.250Z');
    expect(isoDateOrNull(null)).toBeNull();
  });
});
