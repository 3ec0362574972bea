import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect, type Database } from '../../server/db/client';
import { migrateDatabase } from '../../server/migrate';
import { withDatabase } from '../support/db-url';

/**
 * The platform's migrations on a database made before them (issue 19): the subscriptions and
 * organization names written earlier take the new statuses, plans, seats and unique names, so the
 * checks and the unique index that follow hold. The database stops at the last migration before
 * the platform's (its journal cut there), gets rows in the old shapes, then the server migrates it.
 */
const MIGRATIONS = path.resolve('server/db/migrations');
const LAST_BEFORE_PLATFORM = '0014_customized_tour_rules';

let database: Database;
let before: string;

beforeAll(async () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === LAST_BEFORE_PLATFORM);
  expect(cut).toBeGreaterThan(0);
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-migrations-'));
  fs.mkdirSync(path.join(before, 'meta'));
  const entries = journal.entries.slice(0, cut + 1);
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));

  const adminUrl = inject('adminUrl');
  const name = `${inject('dbPrefix')}_up_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  database = connect(withDatabase(adminUrl, name), 2);
  await migrate(database.db, { migrationsFolder: before });
});

afterAll(async () => {
  await database?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe('the platform’s migrations on earlier data', () => {
  it('rename the statuses, mend plans and seats, number clashing names, then hold the new checks', async () => {
    const { pool } = database;
    const org = async (orgName: string, created: string) =>
      (await pool.query<{ id: string }>(`insert into organizations (name, secret_hash, secret_hint, created_at) values ($1, 'x', 'x', $2) returning id`, [orgName, created])).rows[0]!.id;
    const first = await org('Old Travel', '2025-01-01T00:00:00Z');
    const clash = await org('OLD TRAVEL', '2025-02-01T00:00:00Z');
    const other = await org('Other Trips', '2025-03-01T00:00:00Z');
    const sub = (organizationId: string, plan: string, seats: number, status: string) =>
      pool.query(`insert into subscriptions (organization_id, plan, seats, status, period_end) values ($1, $2, $3, $4, '2030-12-31')`, [organizationId, plan, seats, status]);
    await sub(first, 'business', 5, 'trialing');
    await sub(clash, 'gold', 0, 'past_due');
    await sub(other, 'enterprise', 40, 'canceled');

    await migrateDatabase(database);

    const rows = (await pool.query(`select o.name, s.plan, s.seats, s.status from organizations o join subscriptions s on s.organization_id = o.id order by o.created_at`)).rows;
    expect(rows).toEqual([
      { name: 'Old Travel', plan: 'business', seats: 5, status: 'trial' },
      { name: 'OLD TRAVEL (2)', plan: 'starter', seats: 1, status: 'pastDue' },
      { name: 'Other Trips', plan: 'enterprise', seats: 40, status: 'cancelled' },
    ]);
    await expect(pool.query(`update subscriptions set status = 'canceled' where organization_id = $1`, [other])).rejects.toMatchObject({ code: '23514' });
    await expect(org('other trips', '2025-04-01T00:00:00Z')).rejects.toMatchObject({ code: '23505' });
    // The organization clock came with them: now(), until a test sets it.
    const [{ same }] = (await pool.query<{ same: boolean }>(`select abs(extract(epoch from clock_now() - now())) < 1 as same`)).rows;
    expect(same).toBe(true);
  });
});
