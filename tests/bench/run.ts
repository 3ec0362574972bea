/**
 * `npm run bench`: the product's speed and memory, measured (never asserted in tests).
 * Seeds a large organization with bulk inserts, then at 50 connections measures the main list
 * endpoints against /api/health on the same server and against the identical SQL run straight
 * through a pg pool; also first start, restart, peak RSS and the web app's JS per chunk.
 * Also a 50,000-row lead import (a multipart CSV upload): its preview, and the import's rows per
 * second with the per-row report checked. `BENCH_ONLY=imports` runs only that.
 * Also the AI issue's planner: a 14-night, 4-destination query over the whole seeded catalogue
 * (`BENCH_ONLY=planner` runs it with the HTTP table reduced to /api/health).
 * Figures go to stdout and to test-results/bench.json; docs/performance.md records one run.
 */
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import * as v from 'valibot';
import { createTourInput, type CreateTourFields } from '../../src/api/tours/customized/contract';
import { priceTourLines } from '../../src/domain/tour-pricing';
import { planTour, type PlannerCatalogue } from '../../src/domain/tour-planner';
import { buildServerBundle, spawnServer, type SpawnedServer } from '../support/spawn-server';
import { cpuDuring as cpuDuringIn, percentile } from './proc-cpu';
import { Agent } from '../support/agent';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const VENDORS = Number(process.env.BENCH_VENDORS ?? 50_000);
const HOTELS = Number(process.env.BENCH_HOTELS ?? 20_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 20_000);
const IMPORT_LEADS = Number(process.env.BENCH_IMPORT_LEADS ?? 50_000);
const TOURS = Number(process.env.BENCH_TOURS ?? 20_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
/** Demo Travels' leads beside its bookings, each with follow-ups (the work queue's lead kinds read them). */
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
/** Sequential requests per person for the work queue's server time (one connection, nothing else running). */
const QUEUE_REQUESTS = Number(process.env.BENCH_QUEUE_REQUESTS ?? 60);
/**
 * The other sizes of the stats curve (docs/performance.md "Stats in constant time"): an organization
 * of each size besides Demo Travels' BOOKINGS, onboarded through the platform and seeded like it
 * (bookings, payments, operations, invoices); the lists with stats are measured in each.
 */
const CURVE = (process.env.BENCH_CURVE ?? '10000,1000000').split(',').filter(Boolean).map(Number);
/** Demo Travels' expenses (with their journal entries) and one vendor's transactions. */
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 20_000);
const VENDOR_TRANSACTIONS = Number(process.env.BENCH_VENDOR_TRANSACTIONS ?? 10_000);
/** Concurrent staff in the booking flow measurement (create → payment → verify). */
const FLOW_WORKERS = Number(process.env.BENCH_FLOW_WORKERS ?? 20);
const FLOW_WARM_UP_SECONDS = Number(process.env.BENCH_FLOW_WARM_UP ?? 3);
const PASSWORD = 'bench-password-2026';
/** Only these endpoints (names as in `endpoints` below, comma-separated), for a quick look at one list; all by default. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
/** Skip the web app's build and sizes (a quick server-side run). */
const NO_WEB = process.env.BENCH_NO_WEB === 'true';

const results: Record<string, unknown> = {};
/** totalItems of each measured list, as the API answered it (a check that the filters match rows). */
const totals: Record<string, number | undefined> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-bench-'));

// The server as `npm start` runs it: its bundle (server/bundle.mjs), built once.
const serverEntry = buildServerBundle();

async function timeToHealthy(env: Record<string, string> = {}): Promise<{ server: SpawnedServer; ms: number }> {
  const t0 = performance.now();
  // The job worker (follow-up reminders) off: its polling would land among the statements captured per request.
  const server = await spawnServer({ DATA_DIR: dataDir, SEED_PASSWORD: PASSWORD, JOB_POLL_MS: '0', ...env }, { entry: serverEntry });
  for (;;) {
    const ok = await fetch(`${server.url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { server, ms: Math.round(performance.now() - t0) };
    await new Promise((r) => setTimeout(r, 20));
  }
}

function dbClientConfig() {
  const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg.secret'), 'utf8').trim();
  return { host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' };
}

/** Whether a table exists yet (the bench runs before and after the issues that add tables). */
async function hasTable(pool: pg.Pool, table: string) {
  const { rows } = await pool.query(`select to_regclass($1) is not null as present`, [`public.${table}`]);
  return rows[0].present as boolean;
}

/**
 * The large organization: bulk `insert … select generate_series`, one statement per table (never a
 * row at a time). Hotels and activities point at Demo Travels' seeded destinations, round robin.
 */
async function seedLarge(pool: pg.Pool, curveOrgs: CurveOrg[]) {
  const seeded = { leads: 0, followUps: 0, vendors: 0, hotels: 0, activities: 0, tours: 0, bookings: 0, payments: 0, operations: 0, invoices: 0, expenses: 0, vendorTransactions: 0 };
  if (await hasTable(pool, 'vendors')) {
    const t0 = performance.now();
    await pool.query(
      `insert into vendors (organization_id, name, services, contact_person, email, phone, status)
       select o.id,
              'Vendor ' || g || ' ' || (array['Travel','Tours','Hotels','Transfers','Visa Desk','Safaris'])[g % 6 + 1],
              array[(array['hotels','flights','transfers','activities','visa','land-part','others'])[g % 7 + 1],
                    (array['hotels','flights','transfers','activities','visa','land-part','others'])[(g / 7) % 7 + 1]],
              'Contact ' || g, 'vendor' || g || '@example.com', '+971 4 ' || lpad(g::text, 7, '0'),
              case when g % 5 = 0 then 'inactive' else 'active' end
       from organizations o, generate_series(1, $1) g where o.name = 'Demo Travels'
       on conflict do nothing`,
      [VENDORS],
    );
    results.seedVendorsMs = Math.round(performance.now() - t0);
    seeded.vendors = VENDORS;
  }
  if (await hasTable(pool, 'hotels')) {
    const t0 = performance.now();
    await pool.query(
      `with o as (select id from organizations where name = 'Demo Travels'),
            d as (select array_agg(id order by slug) as ids from destinations where organization_id = (select id from o))
       insert into hotels (organization_id, destination_id, name, slug, stars, address, room_types, amenities)
       select o.id,
              d.ids[g % cardinality(d.ids) + 1],
              (array['Grand','Royal','Palm','Harbour','Garden','Sky'])[g % 6 + 1] || ' ' ||
                (array['Palace','Resort','Inn','Lodge','Suites','Hotel','Villas'])[(g / 6) % 7 + 1] || ' ' || g,
              'bench-hotel-' || g,
              g % 5 + 1,
              g || ' Bench Road',
              jsonb_build_array(jsonb_build_object('name', 'Standard Double', 'nightlyRate', 8000 + (g % 50) * 100, 'maxOccupancy', 2)),
              array[(array['wifi','pool','spa','gym','breakfast','parking'])[g % 6 + 1]]
       from o, d, generate_series(1, $1) g`,
      [HOTELS],
    );
    results.seedHotelsMs = Math.round(performance.now() - t0);
    seeded.hotels = HOTELS;
  }
  if (await hasTable(pool, 'activities')) {
    const t0 = performance.now();
    await pool.query(
      `with o as (select id from organizations where name = 'Demo Travels'),
            d as (select array_agg(id order by slug) as ids from destinations where organization_id = (select id from o))
       insert into activities (organization_id, destination_id, name, slug, category, difficulty, duration_minutes, price_per_person, description)
       select o.id,
              d.ids[g % cardinality(d.ids) + 1],
              (array['City','Harbour','Desert','Mountain','Island','Old Town'])[g % 6 + 1] || ' ' ||
                (array['Walking Tour','Cruise','Safari','Cooking Class','Trek','Spa Ritual','Night Market'])[(g / 6) % 7 + 1] || ' ' || g,
              'bench-activity-' || g,
              (array['sightseeing','adventure','culture','food','water-sports','wildlife','wellness','nightlife'])[g % 8 + 1],
              (array['easy','moderate','hard'])[g % 3 + 1],
              60 + (g % 8) * 30,
              2000 + (g % 100) * 150,
              'Bench activity number ' || g
       from o, d, generate_series(1, $1) g`,
      [ACTIVITIES],
    );
    results.seedActivitiesMs = Math.round(performance.now() - t0);
    seeded.activities = ACTIVITIES;
  }
  if (await hasTable(pool, 'customized_tours')) {
    // Tours of Demo Travels' leads (round robin), each with three priced lines (a stay, an
    // activity, a fee) whose figures follow the pricing rules the database checks, and the tour's
    // totals their sums: the deferred totals check runs at commit, so one transaction.
    const t0 = performance.now();
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(
        `create temporary table bench_tour_lines on commit drop as
         select g, k, kind, unit, quantity, unit_cost, markup_type, markup,
                unit_cost + case when markup_type = 'percent' then div(unit_cost * markup * 2 + 10000, 20000) else markup end as unit_price
         from generate_series(1, $1) g,
              lateral (values
                (1, 'hotels', 'per-room-night', 2 + g % 6, 8000 + (g % 40) * 250, 'percent', 1500),
                (2, 'activities', 'per-person', 1 + g % 4, 2000 + (g % 30) * 150, 'percent', 2000),
                (3, 'fee', 'per-unit', 1, 0, 'amount', 5000)
              ) as l(k, kind, unit, quantity, unit_cost, markup_type, markup)`,
        [TOURS],
      );
      await client.query(
        `with o as (select id, currency from organizations where name = 'Demo Travels'),
              l as (select array_agg(id order by id) as ids from leads where organization_id = (select id from o)),
              d as (select array_agg(d.id order by d.slug) as ids, array_agg(d.region_id order by d.slug) as regions from destinations d where d.organization_id = (select id from o)),
              t as (select g, sum(unit_cost * quantity) as cost, sum(unit_price * quantity) as sell from bench_tour_lines group by g)
         insert into customized_tours (id, organization_id, lead_id, title, status, regions, destinations, departure, arrival, adults, children, currency, total_cost, total_sell, created_at, updated_at)
         select ('00000000-0000-4000-9000-' || lpad(t.g::text, 12, '0'))::uuid, o.id, l.ids[t.g % cardinality(l.ids) + 1],
                (array['Family escape','Honeymoon','City and desert','Culture trail','Long weekend'])[t.g % 5 + 1] || ' ' || t.g,
                (array['draft','draft','sent','draft'])[t.g % 4 + 1],
                array[d.regions[t.g % cardinality(d.ids) + 1]], array[d.ids[t.g % cardinality(d.ids) + 1]],
                current_date + (t.g % 300), current_date + (t.g % 300) + 2 + t.g % 10, 1 + t.g % 4, t.g % 3, o.currency, t.cost, t.sell,
                now() - make_interval(mins => t.g), now() - make_interval(mins => t.g)
         from t, o, l, d`,
      );
      await client.query(
        `insert into customized_tour_lines (organization_id, tour_id, currency, position, kind, day, description, quantity, unit, unit_cost, markup_type, markup, unit_price, line_cost, line_sell)
         select o.id, ('00000000-0000-4000-9000-' || lpad(b.g::text, 12, '0'))::uuid, o.currency, b.k, b.kind, case when b.k = 3 then null else 1 end,
                initcap(b.kind) || ' ' || b.g, b.quantity, b.unit, b.unit_cost, b.markup_type, b.markup, b.unit_price, b.unit_cost * b.quantity, b.unit_price * b.quantity
         from bench_tour_lines b, (select id, currency from organizations where name = 'Demo Travels') o`,
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    results.seedToursMs = Math.round(performance.now() - t0);
    seeded.tours = TOURS;
  }
  if (LEADS && (await hasTable(pool, 'follow_ups'))) {
    const t0 = performance.now();
    Object.assign(seeded, await seedLeads(pool, DEMO, LEADS));
    results.seedLeadsMs = Math.round(performance.now() - t0);
  }
  if (await hasTable(pool, 'bookings')) {
    const t0 = performance.now();
    Object.assign(seeded, await seedBookings(pool, DEMO, BOOKINGS));
    results.seedBookingsMs = Math.round(performance.now() - t0);
  }
  if (seeded.bookings && (await hasTable(pool, 'booking_operations'))) {
    const t0 = performance.now();
    seeded.operations = await seedOperations(pool, DEMO);
    results.seedOperationsMs = Math.round(performance.now() - t0);
  }
  if (seeded.bookings && (await hasTable(pool, 'invoice_totals'))) {
    const t0 = performance.now();
    seeded.invoices = await seedInvoices(pool, DEMO);
    seeded.expenses = await seedExpenses(pool, DEMO, EXPENSES);
    seeded.vendorTransactions = seeded.vendors ? await seedVendorTransactions(pool, DEMO, VENDOR_TRANSACTIONS) : 0;
    results.seedMoneyMs = Math.round(performance.now() - t0);
  }
  // The curve's organizations: the same rows at their own sizes.
  for (const org of curveOrgs) {
    const t0 = performance.now();
    const b = await seedBookings(pool, org.name, org.size);
    const operations = await seedOperations(pool, org.name);
    const invoices = await seedInvoices(pool, org.name);
    org.seeded = { ...b, operations, invoices, ms: Math.round(performance.now() - t0) };
  }
  // The lists' kept totals, counted once from what the bulk inserts wrote with triggers off.
  if (seeded.bookings) await pool.query(`select list_totals_recount(id) from organizations where name = any($1)`, [[DEMO, ...curveOrgs.map((o) => o.name)]]);
  // The work queue's kept counts and facts, the same way (0052_work_queue_recount_direct.sql), with
  // triggers off as the bulk inserts were: the recount writes every kept value itself, and a million
  // bookings' rows rewritten each through every trigger on bookings ran for more than 14 minutes.
  if (seeded.bookings && (await hasTable(pool, 'work_queue_totals'))) {
    const client = await pool.connect();
    try {
      await client.query(`set session_replication_role = replica`);
      await client.query(`select work_queue_totals_recount(id) from organizations where name = any($1)`, [[DEMO, ...curveOrgs.map((o) => o.name)]]);
      await client.query(`reset session_replication_role`);
    } finally {
      client.release();
    }
  }
  // As autovacuum would leave it: statistics, and the visibility map that index-only scans read.
  await pool.query('vacuum analyze');
  return seeded;
}

/**
 * `count` bookings in an organization over two years, in every state, with two installments each
 * and their payments (verified, waiting, failed), as the lists read them. Written in bulk as the
 * database's superuser with triggers and foreign keys off (`session_replication_role = replica`):
 * the plan-sum check and the allocation triggers would cost a row-by-row round of work that has
 * nothing to do with reading lists; the rows written are consistent all the same (plans sum to the
 * totals, paid amounts to the verified payments). The lists' kept totals are counted afterwards
 * (`list_totals_recount`).
 */
async function seedBookings(pool: pg.Pool, org: string, count: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const { rows: [{ id: orgId }] } = await client.query(`select id from organizations where name = $1`, [org]);
    // An organization of the curve starts with no leads: the lists show a booking with its lead.
    await client.query(
      `insert into leads (organization_id, name, email, source, query_date)
       select $1, 'Curve lead ' || g, 'curve' || g || '@example.com', 'phone', current_date from generate_series(1, 200) g
       where not exists (select 1 from leads where organization_id = $1)`,
      [orgId],
    );
    await client.query(
      `with o as (select id, currency from organizations where id = $2),
            m as (select array_agg(id order by email) as ids from members where organization_id = $2),
            l as (select array_agg(id order by id) as ids from leads where organization_id = $2),
            r as (select array_agg(id order by id) as ids from regions where organization_id = $2),
            d as (select array_agg(id order by id) as ids from destinations where organization_id = $2)
       insert into bookings (organization_id, tour_type, tour_id, tour_title, tour_snapshot, lead_id, customer_name, customer_email, converted_by, created_by,
                             status, regions, destinations, departure, arrival, pax, price_adult, price_child, price_infant, grand_total, paid_amount, currency, created_at, updated_at)
       select o.id, case when g % 3 = 0 then 'group' else 'personalized' end, gen_random_uuid(), 'Bench tour ' || (g % 50), '{}'::jsonb,
              l.ids[g % cardinality(l.ids) + 1], 'Customer ' || g, 'customer' || g || '@example.com', m.ids[g % cardinality(m.ids) + 1], m.ids[1],
              (array['pendingVerification', 'verified', 'completed', 'invoiced', 'canceled'])[g % 5 + 1],
              case when r.ids is null then '{}'::uuid[] else array[r.ids[g % cardinality(r.ids) + 1]] end,
              case when d.ids is null then '{}'::uuid[] else array[d.ids[g % cardinality(d.ids) + 1]] end,
              date '2026-01-01' + (g % 700), date '2026-01-01' + (g % 700) + 3 + g % 10, 2, 100000, 70000, 10000, 200000,
              (array[0, 60000, 200000, 200000])[g % 4 + 1], o.currency, now() - (g % 20000) * interval '1 hour', now()
       from o, m, l, r, d, generate_series(1, $1) g`,
      [count, orgId],
    );
    await client.query(
      `insert into booking_installments (organization_id, booking_id, position, due_date, amount, paid_amount)
       select b.organization_id, b.id, n, case n when 1 then b.departure - 60 else b.departure - 30 end, case n when 1 then 60000 else 140000 end,
              case when n = 1 then least(b.paid_amount, 60000) else greatest(b.paid_amount - 60000, 0) end
       from bookings b, generate_series(1, 2) n where b.organization_id = $1 and b.tour_title like 'Bench tour %'`,
      [orgId],
    );
    const { rowCount } = await client.query(
      `insert into booking_payments (organization_id, booking_id, amount, currency, payment_method, paid_on, reference, status, receipt_number, entry_id, verified_seq, fail_reason, created_at)
       select b.organization_id, b.id, p.amount, b.currency, (array['cash', 'bank-transfer', 'card', 'cheque', 'online'])[b.number % 5 + 1],
              b.departure - 60 + p.k, 'REF-' || b.number, p.status,
              case when p.status = 'verified' then 'RCT-B-' || b.number || '-' || p.k end,
              case when p.status = 'verified' then gen_random_uuid() end,
              case when p.status = 'verified' then 1 end,
              case when p.status = 'failed' then 'Cheque returned unpaid' end, b.created_at
       from bookings b
       cross join lateral (values (1, 'verified', b.paid_amount), (2, 'submitted', 10000), (3, 'failed', 5000)) as p(k, status, amount)
       where b.organization_id = $1 and b.tour_title like 'Bench tour %'
         and ((p.k = 1 and b.paid_amount > 0) or (p.k = 2 and b.number % 5 = 0 and b.paid_amount < b.grand_total) or (p.k = 3 and b.number % 7 = 0))`,
      [orgId],
    );
    await client.query('commit');
    return { bookings: count, payments: rowCount ?? 0 };
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/**
 * `count` leads over the last two years in every state, a tenth nobody owns, each of the open ones
 * with two follow-ups (one answered; the open one due in the past, today or later), written in bulk
 * like the bookings (triggers off; `next_follow_up_at` as the follow-ups' writes keep it): the work
 * queue's follow-ups and leads to assign read them.
 */
async function seedLeads(pool: pg.Pool, org: string, count: number) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const { rows: [{ id: orgId }] } = await client.query(`select id from organizations where name = $1`, [org]);
    await client.query(
      `with m as (select array_agg(id order by email) as ids from members where organization_id = $2)
       insert into leads (organization_id, name, phone, email, status, source, query_date, assigned_to, created_by, next_follow_up_at, created_at, updated_at)
       select $2, 'Bench lead ' || g, '+971 50 ' || lpad(g::text, 7, '0'), 'bench-lead' || g || '@example.com',
              (array['new', 'contacted', 'qualified', 'quoted', 'won', 'lost'])[g % 6 + 1], 'website', current_date - (g % 700),
              case when g % 10 = 0 then null else m.ids[g % cardinality(m.ids) + 1] end, m.ids[1],
              case when g % 6 < 4 then now() + ((g % 40) - 30) * interval '1 day' + (g % 24) * interval '1 hour' end,
              now() - (g % 17000) * interval '1 hour', now()
       from m, generate_series(1, $1) g`,
      [count, orgId],
    );
    const { rowCount } = await client.query(
      `insert into follow_ups (organization_id, lead_id, due_at, note, assignee_id, created_by, created_at, responded_at, outcome)
       select l.organization_id, l.id, f.due_at, 'Call back', l.assigned_to, l.created_by, l.created_at, f.responded_at, f.outcome
       from leads l
       cross join lateral (values (l.next_follow_up_at - interval '7 days', l.created_at + interval '1 day', 'reached'), (l.next_follow_up_at, null::timestamptz, null::text)) as f(due_at, responded_at, outcome)
       where l.organization_id = $1 and l.name like 'Bench lead %' and l.next_follow_up_at is not null`,
      [orgId],
    );
    await client.query('commit');
    return { leads: count, followUps: rowCount ?? 0 };
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

/**
 * An operation for each bench booking of an organization (the board reads operations, whatever
 * state their booking is in): pending, completed or cancelled after its booking, with the totals
 * and counts the database keeps on each (vouchers at every step, some paid), written in bulk like
 * the bookings (triggers off: the counts are written as the refresh would leave them).
 */
async function seedOperations(pool: pg.Pool, org: string) {
  return bulk(
    pool,
    `insert into booking_operations (organization_id, booking_id, status, currency, departure, arrival, converted_by, revenue, planned_cost, assigned_to, vouchers_cost, expenses_cost, paid_out,
                                     voucher_count, draft_count, unsent_count, expense_count, unpaid_count, completed_at, canceled_at, created_at, updated_at)
     select b.organization_id, b.id, s.status, b.currency, b.departure, b.arrival, b.converted_by, b.grand_total, case when b.tour_type = 'group' then null else 120000 end,
            case when b.number % 3 = 0 then b.converted_by end,
            (b.number % 4) * 30000, (b.number % 2) * 5000,
            case when s.status = 'completed' then (b.number % 4) * 30000 + (b.number % 2) * 5000 else ((b.number % 4) * 30000) / 2 end,
            b.number % 4, case when s.status = 'pending' and b.number % 4 > 0 then b.number % 2 else 0 end,
            case when s.status = 'pending' and b.number % 4 > 1 then 1 else 0 end, b.number % 2,
            case when s.status = 'completed' then 0 else b.number % 4 + b.number % 2 end,
            case when s.status = 'completed' then b.departure + 20 end, case when s.status = 'canceled' then b.created_at end,
            b.created_at, now()
     from bookings b
     cross join lateral (select case when b.status in ('completed', 'invoiced') then 'completed' when b.status = 'canceled' then 'canceled' else 'pending' end as status) s
     where b.organization_id = (select id from organizations where name = $1) and b.tour_title like 'Bench tour %'`,
    [org],
  );
}

/** The invoice of each invoiced bench booking: issued three days after the trip, due two weeks later, for its grand total. */
async function seedInvoices(pool: pg.Pool, org: string) {
  return bulk(
    pool,
    `insert into booking_invoices (organization_id, booking_id, number, issued_on, due_date, currency, customer_name, customer_email, lines, subtotal, tax_rate, tax, total, created_at)
     select b.organization_id, b.id, 'INV-B-' || b.number, b.arrival + 3, b.arrival + 17, b.currency, b.customer_name, b.customer_email,
            jsonb_build_array(jsonb_build_object('description', b.tour_title, 'quantity', 1, 'unitPrice', b.grand_total, 'amount', b.grand_total)),
            b.grand_total, 0, 0, b.grand_total, b.created_at
     from bookings b where b.organization_id = (select id from organizations where name = $1) and b.tour_title like 'Bench tour %' and b.status = 'invoiced'`,
    [org],
  );
}

/**
 * Expenses over the last two years, each with its journal entry (the category's expense account ←
 * the method's money account), as `POST /expenses` writes them; then the journal's kept totals
 * counted again (its trigger was off).
 */
async function seedExpenses(pool: pg.Pool, org: string, count: number) {
  const n = await bulk(
    pool,
    `with o as (select id, currency from organizations where name = $2),
          x as materialized (
            select gen_random_uuid() as id, gen_random_uuid() as entry, g,
                   (array['rent', 'utilities', 'marketing', 'travel', 'software', 'other'])[g % 6 + 1] as category,
                   (array['cash', 'bank-transfer', 'card', 'cheque', 'online'])[g % 5 + 1] as method,
                   current_date - (g % 730) as date, 1000 + (g % 500) * 100 as amount
            from generate_series(1, $1) g),
          e as (insert into journal_entries (id, organization_id, date, currency, memo, source_type, source_id)
                select x.entry, o.id, x.date, o.currency, 'Bench expense ' || x.g, 'expense', x.id from x, o returning 1),
          l as (insert into journal_lines (organization_id, entry_id, account_id, debit, credit, currency)
                select o.id, x.entry, a.id, case when a.key like 'expense:%' then x.amount else 0 end, case when a.key like 'money:%' then x.amount else 0 end, o.currency
                from x, o, accounts a where a.organization_id = o.id and a.key in ('expense:' || x.category, 'money:' || x.method) returning 1)
     insert into expenses (id, organization_id, category, amount, currency, date, payment_method, description, entry_id, created_at)
     select x.id, o.id, x.category, x.amount, o.currency, x.date, x.method, 'Bench expense ' || x.g, x.entry, now() - x.g * interval '1 minute' from x, o`,
    [count, org],
  );
  // Two statements: a data-modifying CTE's delete is not seen by the same statement's insert.
  await bulk(pool, `delete from ledger_totals where organization_id = (select id from organizations where name = $1)`, [org]);
  await bulk(
    pool,
    `with o as (select id from organizations where name = $1)
     insert into ledger_totals (organization_id, account_id, month, source_type, debit, credit, lines)
     select l.organization_id, l.account_id, date_trunc('month', e.date)::date, e.source_type, sum(l.debit), sum(l.credit), count(*)
     from journal_lines l join journal_entries e on e.id = l.entry_id where l.organization_id = (select id from o) group by 1, 2, 3, 4`,
    [org],
  );
  return n;
}

/** One vendor's transactions over two years (what its page lists with its stats). */
async function seedVendorTransactions(pool: pg.Pool, org: string, count: number) {
  return bulk(
    pool,
    `with v as (select v.id, v.organization_id from vendors v join organizations o on o.id = v.organization_id where o.name = $2 order by lower(v.name) limit 1)
     insert into vendor_transactions (organization_id, vendor_id, direction, amount, status, date, reference, description)
     select v.organization_id, v.id, case when g % 4 = 0 then 'incoming' else 'outgoing' end, 5000 + (g % 90) * 1000, case when g % 3 = 0 then 'pending' else 'paid' end,
            current_date - (g % 730), 'VT-' || g, 'Bench transaction ' || g
     from v, generate_series(1, $1) g`,
    [count, org],
  );
}

/** One bulk statement as the superuser with triggers and foreign keys off (see seedBookings); the rows it wrote. */
async function bulk(pool: pg.Pool, text: string, values: unknown[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    const { rowCount } = await client.query(text, values);
    await client.query('commit');
    return rowCount ?? 0;
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
}

const DEMO = 'Demo Travels';

/** An organization of the curve: its size, its owner's session, what was seeded. */
interface CurveOrg {
  name: string;
  size: number;
  cookie: string;
  seeded?: Record<string, number>;
}

/** A new organization onboarded through the platform (the demo operator), its owner signed in. */
async function curveOrganization(url: string, size: number): Promise<CurveOrg> {
  const name = `Bench ${size}`;
  const email = `owner@bench-${size}.example`;
  const operator = new Agent(url);
  await operator.post('/platform/auth/login', { email: 'operator@platform.travel', password: PASSWORD });
  const res = await operator.post('/platform/organizations', {
    name,
    currency: 'USD',
    timeZone: 'Asia/Dubai',
    owner: { name: `Owner of ${name}`, email },
    subscription: { plan: 'business', seats: 10, status: 'active', periodEnd: '2030-12-31' },
  });
  if (res.status !== 201) throw new Error(`onboarding ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  const owner = new Agent(url);
  const token = String(res.body.data.invitation.url).split('#')[1];
  const accepted = await owner.post('/api/auth/invitation/accept', { token, password: PASSWORD });
  if (accepted.status !== 200) throw new Error(`invitation of ${name}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  await owner.post('/api/auth/login', { email, password: PASSWORD });
  return { name, size, cookie: `sid=${owner.cookies.get('sid')}` };
}

/**
 * What the booking flow books: open leads, one per flow (a won lead is not booked again), written
 * before the flow is measured, with the statistics and visibility map autovacuum would keep (their
 * insertion and the analyze they start are not the flow's CPU).
 */
async function flowLeads(pool: pg.Pool) {
  const { rows: leads } = await pool.query<{ id: string }>(
    `insert into leads (organization_id, name, email, source, query_date)
     select id, 'Flow lead ' || g, 'flow' || g || '@example.com', 'phone', current_date from organizations, generate_series(1, 20000) g where name = 'Demo Travels'
     returning id`,
  );
  await pool.query('vacuum analyze leads');
  return leads;
}

/**
 * Staff's booking flow, end to end through the API: a package booked for a lead (priced, plan
 * checked, lead won), its payment recorded, finance verifying it (allocation, receipt number,
 * journal entry). FLOW_WORKERS at once for `seconds`, each booking the next of `leads` (taken from
 * the list): flows per second and each step's latency.
 */
async function bookingFlow(url: string, cookie: string, pool: pg.Pool, leads: { id: string }[], seconds: number) {
  const { rows: [pkg] } = await pool.query(`select id, price_adult from personalized_tours where title = 'Dubai Classic'`);
  const { rows: [{ tz }] } = await pool.query(`select time_zone as tz from organizations where name = 'Demo Travels'`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const departure = new Date(Date.parse(`${today}T00:00:00Z`) + 90 * 86_400_000).toISOString().slice(0, 10);
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'bench' };
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(url + path, { method, headers, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { _id: string } };
  };
  const steps = { book: [] as number[], pay: [] as number[], verify: [] as number[] };
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: FLOW_WORKERS }, async () => {
      while (performance.now() < end && leads.length) {
        const lead = leads.pop()!.id;
        let t = performance.now();
        const booking = await call('POST', '/api/bookings', { tourType: 'personalized', tourId: pkg.id, leadId: lead, departure, pax: 1, travellers: [{ type: 'adult', name: 'Bench Traveller' }], installments: [{ dueDate: today, amount: Number(pkg.price_adult) }] });
        steps.book.push(performance.now() - t);
        t = performance.now();
        const payment = await call('POST', `/api/bookings/${booking.data._id}/payment`, { amount: Number(pkg.price_adult), paymentMethod: 'card', paidOn: today, reference: 'BENCH' });
        steps.pay.push(performance.now() - t);
        t = performance.now();
        await call('PUT', `/api/bookings/${booking.data._id}/payment/${payment.data._id}/verify`, {});
        steps.verify.push(performance.now() - t);
      }
    }),
  );
  const ms = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: +percentile(sorted, 50).toFixed(1), p99: +percentile(sorted, 99).toFixed(1) };
  };
  return { workers: FLOW_WORKERS, flows: steps.verify.length, flowsPerSecond: +(steps.verify.length / seconds).toFixed(1), book: ms(steps.book), pay: ms(steps.pay), verify: ms(steps.verify) };
}


/** The same statements the API ran for one request, replayed at 50 connections straight through pg. */
async function rawSql(pool: pg.Pool, statements: { query: string; params: unknown[] }[]) {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        for (const s of statements) await pool.query(s.query, s.params);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / SECONDS), p50: +percentile(latencies, 50).toFixed(2), p99: +percentile(latencies, 99).toFixed(2) };
}

/**
 * The work queue's server time (issue 30: p50 under 50 ms over 100,000 bookings, operations and
 * leads): each role's `GET /work-queue` asked QUEUE_REQUESTS times in a row on one connection, so a
 * request's latency is the server's time on it (on loopback, nothing queued before it); and the
 * owner's statement's execution time in PostgreSQL (`explain analyze`, the plan's own figure).
 */
async function queueServerTime(url: string, serverPid: number, pool: pg.Pool, ownerStatements: { query: string; params: unknown[] }[] | undefined) {
  const people = ['owner@demo.travel', 'finance@demo.travel', 'ops@demo.travel', 'sales@demo.travel'];
  const rows: Record<string, unknown>[] = [];
  for (const email of people) {
    const agent = new Agent(url);
    await agent.post('/api/auth/login', { email, password: PASSWORD });
    const cookie = `sid=${agent.cookies.get('sid')}`;
    for (const path of ['/api/work-queue', '/api/work-queue/counts']) {
      const latencies: number[] = [];
      let total: number | undefined;
      const ask = async () => {
        const t0 = performance.now();
        const res = await fetch(url + path, { headers: { cookie } });
        const body = (await res.json()) as { meta?: { totalItems?: number }; data?: { total?: number } };
        if (res.status !== 200) throw new Error(`${email} ${path}: ${res.status}`);
        total = body.meta?.totalItems ?? body.data?.total;
        return performance.now() - t0;
      };
      for (let i = 0; i < 5; i++) await ask(); // the first five warm the caches and the prepared plans
      // The CPU the server and PostgreSQL spent on the measured requests: what a request costs
      // whatever else the shared machine runs (wall time on a loaded machine includes waiting for a core).
      const { nodeMs, postgresMs } = await cpuDuring(serverPid, async () => {
        for (let i = 0; i < QUEUE_REQUESTS; i++) latencies.push(await ask());
      });
      latencies.sort((a, b) => a - b);
      rows.push({
        person: email,
        path,
        items: total,
        p50: +percentile(latencies, 50).toFixed(1),
        p90: +percentile(latencies, 90).toFixed(1),
        max: +latencies[latencies.length - 1].toFixed(1),
        nodeCpuMsPerReq: +(nodeMs / QUEUE_REQUESTS).toFixed(1),
        pgCpuMsPerReq: +(postgresMs / QUEUE_REQUESTS).toFixed(1),
      });
    }
  }
  const plan: Record<string, unknown> = {};
  const main = ownerStatements?.find((s) => /union all/.test(s.query));
  if (main) {
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < 10; i++) {
      const { rows: r } = await pool.query(`explain (analyze, buffers, format text) ${main.query}`, main.params);
      text = r.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
      times.push(Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? NaN));
    }
    times.sort((a, b) => a - b);
    plan.executionMsP50 = times[5];
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/bench-work-queue-plan.txt', text);
  }
  console.table(rows);
  return { rows, ...plan };
}

/**
 * CPU the server (Node) and PostgreSQL spent while `work` ran, in ms: what a request costs each,
 * whatever else the machine was doing (the load generator runs on the same two cores).
 */
const cpuDuring = <T>(serverPid: number, work: () => Promise<T>) => cpuDuringIn(serverPid, path.join(dataDir, 'pg'), work);

/** `tolerate`: requests that fail or time out (autocannon's 10 s) are counted in the answer instead of stopping the bench. */
async function http(url: string, cookie?: string, tolerate = false) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: cookie ? { cookie } : {} });
  if (!tolerate && (r.non2xx > 0 || r.errors > 0)) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts };
}

/** Statements the server logged for one request (LOG_SQL), less the tenant set-up. */
async function captureSql(server: SpawnedServer, agent: Agent, pathAndQuery: string) {
  const before = server.output().length;
  const res = await agent.get(pathAndQuery);
  if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status}`);
  totals[pathAndQuery] = res.body?.meta?.totalItems;
  await new Promise((r) => setTimeout(r, 50));
  return server
    .output()
    .slice(before)
    .split('\n')
    .filter((l) => l.startsWith('SQL '))
    .map((l) => JSON.parse(l.slice(4)) as { query: string; params: unknown[] })
    .filter((s) => !s.query.includes('set_config') && !/^(begin|commit)/i.test(s.query) && !s.query.includes('"sessions"'));
}

function jsSizes() {
  execSync('npx vite build', { stdio: 'ignore' });
  const dist = path.resolve('dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const chunks = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ chunk: f, gzipKB: +(zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f))).length / 1024).toFixed(1) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const signIn = chunks.filter((c) => entry.includes(`assets/${c.chunk}`)).reduce((sum, c) => sum + c.gzipKB, 0);
  return { signInRouteGzipKB: +signIn.toFixed(1), chunks };
}

const load = () => os.loadavg().map((x) => +x.toFixed(2));

/**
 * A lead file as a spreadsheet writes it: dates day/month/year, some rows with regions,
 * destinations, an owner and a follow-up, and every 1,000th row with a bad email (rejected).
 */
function leadFile(rows: number): string {
  const lines = ['Name,Phone,Email,Source,Comment,Regions,Destinations,Owner,Query date,Follow up'];
  const sources = ['website', 'phone', 'email', 'walk-in', 'referral', 'social', 'partner'];
  for (let i = 1; i <= rows; i++) {
    const bad = i % 1000 === 0;
    lines.push(
      [
        `Bench Lead ${i}`,
        `+971 50 ${String(i).padStart(7, '0')}`,
        bad ? `lead${i}-at-bench.example` : `lead${i}@bench.example`,
        sources[i % sources.length],
        i % 3 === 0 ? '"Family of four, school holidays"' : '',
        i % 2 === 0 ? 'Middle East' : '',
        i % 4 === 0 ? '"Dubai;Abu Dhabi"' : '',
        i % 5 === 0 ? 'sales@demo.travel' : '',
        `${String((i % 28) + 1).padStart(2, '0')}/03/2026`,
        i % 4 === 1 ? '15/01/2027 10:00' : '',
      ].join(','),
    );
  }
  return lines.join('\r\n');
}

/** The lead import: a preview, then the import, each one multipart request; the report must be whole. */
async function benchLeadImport(server: SpawnedServer, cookie: string) {
  const csv = leadFile(IMPORT_LEADS);
  const upload = async (query: string) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/leads/import${query}`, { method: 'POST', headers: { cookie, 'X-Requested-With': 'bench' }, body: form });
    const text = await res.text();
    if (!res.ok) throw new Error(`lead import ${query}: ${res.status} ${text.slice(0, 300)}`);
    return { ms: Math.round(performance.now() - t0), bytes: text.length, report: JSON.parse(text).data as { summary: Record<string, number>; rows: { row: number; status: string; name?: string; reason?: string; issues?: { path: string; code: string }[] }[] } };
  };
  const { result: preview, nodeMs: previewNodeMs, postgresMs: previewPostgresMs } = await cpuDuring(server.proc.pid!, () => upload('?preview=true&dateOrder=dmy'));
  const { result: done, nodeMs, postgresMs } = await cpuDuring(server.proc.pid!, () => upload('?dateOrder=dmy'));
  const { summary, rows } = done.report;
  const rejected = rows.filter((r) => r.status === 'rejected');
  // The per-row report, intact: a row each, in order, every rejected one named with its reason and its coded issue.
  const intact =
    rows.length === IMPORT_LEADS &&
    rows.every((r, i) => r.row === i + 1) &&
    rejected.length === Math.floor(IMPORT_LEADS / 1000) &&
    rejected.every((r) => r.name === `Bench Lead ${r.row}` && r.row % 1000 === 0 && /email/.test(r.reason ?? '') && r.issues?.some((i) => i.path === 'email' && i.code === 'invalidEmail')) &&
    summary.created === IMPORT_LEADS - rejected.length;
  if (!intact) throw new Error(`lead import report not intact: ${JSON.stringify(summary)}, first rejected: ${JSON.stringify(rejected.slice(0, 3))}`);
  return {
    rows: IMPORT_LEADS,
    fileMB: +(csv.length / 1024 / 1024).toFixed(1),
    previewMs: preview.ms,
    previewRowsPerSecond: Math.round(IMPORT_LEADS / (preview.ms / 1000)),
    previewNodeCpuMs: Math.round(previewNodeMs),
    previewPostgresCpuMs: Math.round(previewPostgresMs),
    importMs: done.ms,
    importRowsPerSecond: Math.round(IMPORT_LEADS / (done.ms / 1000)),
    nodeCpuMs: Math.round(nodeMs),
    postgresCpuMs: Math.round(postgresMs),
    reportMB: +(done.bytes / 1024 / 1024).toFixed(1),
    summary,
  };
}

/** `BENCH_ONLY=imports`: a fresh server, the lead import, nothing else. */
async function importsOnly() {
  results.loadBefore = load();
  const { server } = await timeToHealthy();
  const agent = new Agent(server.url);
  await agent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD });
  results.leadImport = await benchLeadImport(server, `sid=${agent.cookies.get('sid')}`);
  results.loadAfter = load();
  server.proc.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(JSON.stringify(results, null, 2));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/bench-imports.json', JSON.stringify(results, null, 2));
}

/** A 21-day tour with 200 priced lines (every kind, unit and markup), as the create call takes it. */
function bigTour(leadId: string, destinationId: string): CreateTourFields {
  const departure = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const dateOf = (i: number) => new Date(Date.parse(`${departure}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
  const kinds = ['hotels', 'flights', 'transfers', 'activities', 'visa', 'land-part', 'others', 'fee', 'discount'] as const;
  const units = ['per-person', 'per-room-night', 'per-unit'] as const;
  return {
    leadId,
    title: 'Bench grand tour',
    departure,
    arrival: dateOf(20),
    adults: 4,
    children: 2,
    infants: 1,
    days: Array.from({ length: 21 }, (_, i) => ({ date: dateOf(i), destinationId, meals: ['breakfast'], notes: `Day ${i + 1}` })),
    lines: Array.from({ length: 200 }, (_, i) => {
      const kind = kinds[i % kinds.length]!;
      const discount = kind === 'discount';
      return {
        kind,
        dayNumber: i % 4 === 0 ? null : (i % 21) + 1,
        description: `Line ${i + 1}`,
        quantity: 1 + (i % 7),
        unit: units[i % 3]!,
        unitCost: discount ? 0 : 1_999 + i * 137,
        markupType: discount || i % 5 === 0 ? 'amount' : 'percent',
        markup: discount ? 500 : i % 5 === 0 ? 1_250 : 1_000 + (i % 9) * 333,
      };
    }),
  };
}

/** Calls of `run` in about a second, after a warm-up: microseconds per call. */
function microsPerCall(run: () => void) {
  for (let i = 0; i < 200; i++) run();
  let calls = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 1_000) {
    run();
    calls++;
  }
  return +(((performance.now() - t0) * 1000) / calls).toFixed(1);
}

/**
 * The pricing of a 21-day tour with 200 lines: the pricing function alone (what the builder runs
 * on every key), the contract's whole check (schema, cross-field rules, the price that can be
 * stored), and a save over HTTP (`PUT /customized-tours`: checks against the catalogue, pricing,
 * 21 days and 200 lines written, the totals checked by the database at commit), 20 in a row.
 */
async function tourPricing(agent: Agent) {
  const lookup = new pg.Client(dbClientConfig());
  await lookup.connect();
  const [row] = (
    await lookup.query(
      `select l.id as lead, d.id as destination from leads l join organizations o on o.id = l.organization_id join destinations d on d.organization_id = o.id
       where o.name = 'Demo Travels' and l.status in ('new', 'contacted') order by l.id, d.slug limit 1`,
    )
  ).rows as { lead: string; destination: string }[];
  await lookup.end();
  const input = bigTour(row!.lead, row!.destination);
  const parsed = v.parse(createTourInput, input);
  const pax = parsed.adults + parsed.children + parsed.infants;
  const pricingMicros = microsPerCall(() => priceTourLines(parsed.lines, pax));
  const contractMicros = microsPerCall(() => v.parse(createTourInput, input));
  const created = await agent.post('/api/customized-tours', input);
  if (created.status !== 201) throw new Error(`POST /api/customized-tours: ${created.status} ${JSON.stringify(created.body)}`);
  const data = created.body.data as { _id: string; totals: { sell: number } };
  const { leadId: _lead, ...plan } = input;
  const latencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await agent.put('/api/customized-tours', { _id: data._id, ...plan, title: `Bench grand tour ${i}` });
    if (res.status !== 200) throw new Error(`PUT /api/customized-tours: ${res.status} ${JSON.stringify(res.body)}`);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { days: 21, lines: 200, sell: data.totals.sell, pricingMicros, contractMicros, saveP50Ms: +percentile(latencies, 50)!.toFixed(1), saveMaxMs: +latencies.at(-1)!.toFixed(1) };
}

/**
 * The planner (src/domain/tour-planner.ts) on a 14-night query over 4 destinations: the function
 * alone over the organization's whole catalogue (every hotel and activity, as a caller holding it
 * all would pass it), and `POST /customized-tours/generate-with-ai` without a model over HTTP (the
 * query's destinations read from the database, the plan created and priced through the
 * customized tours' create), 20 in a row.
 */
async function plannerBench(agent: Agent) {
  const lookup = new pg.Client(dbClientConfig());
  await lookup.connect();
  const org = `(select id from organizations where name = 'Demo Travels')`;
  const places = (await lookup.query(`select id, name from destinations where organization_id = ${org} order by slug limit 4`)).rows as { id: string; name: string }[];
  const catalogue: PlannerCatalogue = {
    destinations: (await lookup.query(`select id, name from destinations where organization_id = ${org}`)).rows,
    hotels: (await lookup.query(`select id, destination_id as "destinationId", name, stars, room_types as "roomTypes" from hotels where organization_id = ${org}`)).rows,
    activities: (
      await lookup.query(
        `select id, destination_id as "destinationId", name, category, difficulty, duration_minutes as "durationMinutes", price_per_person::float8 as "pricePerPerson" from activities where organization_id = ${org}`,
      )
    ).rows,
  };
  const perDestination = (await lookup.query(`select count(*)::int as n from hotels where destination_id = any($1)`, [places.map((p) => p.id)])).rows[0].n as number;
  await lookup.end();
  const departure = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  const arrival = new Date(Date.parse(`${departure}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  const query = { departure, arrival, adults: 2, children: 1, infants: 0, destinationIds: places.map((p) => p.id), budget: 1_500_000, categories: ['culture', 'food'] };
  const t0 = performance.now();
  const plan = planTour(query, catalogue, { markupBasisPoints: 1500 });
  const firstMs = +(performance.now() - t0).toFixed(1);
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    planTour(query, catalogue, { markupBasisPoints: 1500 });
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  const lead = await agent.post('/api/leads', {
    name: 'Bench planner lead',
    // Not a +971 50 number: the lead import's rows are +971 50 0000001…, and one taken already is skipped as a duplicate.
    phone: '+971 4 000 1414',
    query: { travelFrom: departure, travelTo: arrival, adults: 2, children: 1, destinations: query.destinationIds, budget: query.budget },
  });
  if (lead.status !== 201) throw new Error(`POST /api/leads: ${lead.status} ${JSON.stringify(lead.body)}`);
  const ids = { leadId: lead.body.data._id as string, queryId: lead.body.data.queries[0]._id as string };
  const latencies: number[] = [];
  let days = 0;
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const res = await agent.post('/api/customized-tours/generate-with-ai', { ...ids, categories: ['culture', 'food'] });
    if (res.status !== 201) throw new Error(`POST /api/customized-tours/generate-with-ai: ${res.status} ${JSON.stringify(res.body)}`);
    latencies.push(performance.now() - t);
    days = res.body.data.days.length;
  }
  latencies.sort((a, b) => a - b);
  return {
    nights: 14,
    destinations: places.length,
    catalogueHotels: catalogue.hotels.length,
    catalogueActivities: catalogue.activities.length,
    hotelsInTheQuerysDestinations: perDestination,
    lines: plan.lines.length,
    withinBudget: plan.withinBudget,
    plannerFirstMs: firstMs,
    plannerP50Ms: +percentile(runs, 50)!.toFixed(1),
    plannerMaxMs: +runs.at(-1)!.toFixed(1),
    days,
    generateP50Ms: +percentile(latencies, 50)!.toFixed(1),
    generateMaxMs: +latencies.at(-1)!.toFixed(1),
  };
}

/** The lists measured at every size of the curve: each list's page with its stats, unfiltered and filtered. */
const CURVE_ENDPOINTS = {
  bookings: {
    bookingsDefault: '/api/bookings',
    bookingsFiltered: '/api/bookings?tourStatus=verified,completed&departure[from]=2026-03-01&departure[to]=2026-09-30&tourType=personalized&page=3',
  },
  receipts: {
    receiptsDefault: '/api/payment-receipts',
    receiptsFiltered: '/api/payment-receipts?status=verified&paymentMethod=card,cash&dateRange[from]=2026-01-01&dateRange[to]=2026-06-30&page=2',
  },
  operations: {
    // The board: departing soonest first, with the seven stats over every operation the filters select.
    operationsDefault: '/api/booking-operations',
    operationsFiltered: '/api/booking-operations?operationStatus=pending&departure[from]=2026-03-01&departure[to]=2026-09-30&vouchersSent=false&page=2',
    operationsNeedsMe: '/api/booking-operations?needsMe=true&nextStep=confirmVouchers,sendVouchers,payVendors',
  },
};

/** The first day of the month `n` months before this one. */
function monthsAgo(n: number) {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 10);
}

/** One list measured at 50 connections with a session: requests per second, and the CPU the server and PostgreSQL spent per request. */
async function measure(server: SpawnedServer, url: string, cookie: string) {
  // The curve's largest organization may answer a list slower than autocannon waits: counted (timeouts), not fatal.
  const { result: api, nodeMs, postgresMs } = await cpuDuring(server.proc.pid!, () => http(server.url + url, cookie, true));
  const failed = api.non2xx || api.errors ? { non2xx: api.non2xx, errors: api.errors, timeouts: api.timeouts } : {};
  return { apiRps: api.rps, apiP50: api.p50, apiP99: api.p99, nodeMsPerReq: +(nodeMs / api.requests).toFixed(2), pgMsPerReq: +(postgresMs / api.requests).toFixed(2), ...failed };
}

async function main() {
  if (process.env.BENCH_ONLY === 'imports') return importsOnly();
  results.loadBefore = load();
  const first = await timeToHealthy();
  results.firstStartMs = first.ms;
  first.server.proc.kill('SIGTERM');
  await first.server.exited;

  // A run with SQL logging: seed the large organization and note the statements of each endpoint.
  const logging = await timeToHealthy({ LOG_SQL: 'values' });
  // A pool's idle connection ended by the database's stop (the servers stop theirs) must not end the run.
  const quiet = (p: pg.Pool) => p.on('error', () => {});
  let pool = quiet(new pg.Pool({ ...dbClientConfig(), max: CONNECTIONS }));
  const curveOrgs: CurveOrg[] = [];
  if (BOOKINGS && (!ONLY || ONLY.includes('curve'))) for (const size of CURVE) curveOrgs.push(await curveOrganization(logging.server.url, size));
  const seeded = await seedLarge(pool, curveOrgs);
  await pool.end();
  const endpoints: Record<string, string> = { members: '/api/members?search=a&sortBy=name' };
  if (seeded.vendors) {
    endpoints.vendorsDefault = '/api/vendors';
    endpoints.vendorsFiltered = '/api/vendors?search=travel&services=hotels&isActive=true&sortBy=name&page=3';
    // A search that names a few vendors (a number, as typed from an invoice or a phone): the trigram index at work.
    endpoints.vendorsSearch = '/api/vendors?search=4711';
  }
  if (seeded.hotels) {
    endpoints.hotelsDefault = '/api/hotels';
    endpoints.hotelsFiltered = '/api/hotels?search=palace&stars=4,5&sortBy=name&page=2';
  }
  if (seeded.activities) {
    endpoints.activitiesDefault = '/api/activities';
    endpoints.activitiesFiltered = '/api/activities?search=cruise&difficulty=easy,moderate&sortBy=name&page=2';
  }
  if (seeded.tours) {
    endpoints.toursDefault = '/api/customized-tours';
    const lookup = new pg.Client(dbClientConfig());
    await lookup.connect();
    const [place] = (await lookup.query(`select d.id from destinations d join organizations o on o.id = d.organization_id where o.name = 'Demo Travels' order by d.slug limit 1`)).rows as { id: string }[];
    await lookup.end();
    endpoints.toursFiltered = `/api/customized-tours?destinations=${place!.id}&departure[from]=${new Date().toISOString().slice(0, 10)}&totalNights=3,4,5&sortBy=departure&sortOrder=asc&page=2`;
  }
  if (seeded.bookings) {
    Object.assign(endpoints, CURVE_ENDPOINTS.bookings);
    endpoints.receiptsDefault = CURVE_ENDPOINTS.receipts.receiptsDefault;
    endpoints.receiptsFiltered = CURVE_ENDPOINTS.receipts.receiptsFiltered;
  }
  if (seeded.operations) Object.assign(endpoints, CURVE_ENDPOINTS.operations);
  if (seeded.invoices) {
    endpoints.invoicesDefault = '/api/booking-invoices';
    endpoints.invoicesFiltered = '/api/booking-invoices?status=overdue,paid&page=2';
  }
  if (seeded.expenses) {
    endpoints.expensesDefault = '/api/expenses';
    endpoints.expensesFiltered = `/api/expenses?category=rent,travel&paymentMethod=card,cash&date[from]=${monthsAgo(6)}&page=2`;
    // The account statement of this month (its summary: the opening balance from every month before) and the summary's twelve months.
    endpoints.statement = '/api/account/statement';
    endpoints.summary = '/api/account/summary';
  }
  if (seeded.vendorTransactions) {
    const lookup = new pg.Client(dbClientConfig());
    await lookup.connect();
    const [vendor] = (await lookup.query(`select v.id from vendors v join organizations o on o.id = v.organization_id where o.name = $1 order by lower(v.name) limit 1`, [DEMO])).rows as { id: string }[];
    await lookup.end();
    endpoints.vendorTransactions = `/api/vendors/${vendor!.id}/transactions`;
    endpoints.vendorTransactionsFiltered = `/api/vendors/${vendor!.id}/transactions?direction=outgoing&status=paid&date[from]=${monthsAgo(8)}&page=2`;
  }
  if (seeded.bookings) {
    // The owner's work queue (issue 30, docs/work-queue.md): every kind over the large data, one statement.
    endpoints.workQueue = '/api/work-queue';
    endpoints.workQueueMoney = '/api/work-queue?kind=paymentToVerify&kind=bookingToVerify&kind=installmentOverdue&page=2';
  }
  if (ONLY) for (const name of Object.keys(endpoints)) if (!ONLY.includes(name)) delete endpoints[name];
  const loggingAgent = new Agent(logging.server.url);
  await loggingAgent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD });
  const statements: Record<string, { query: string; params: unknown[] }[]> = {};
  for (const [name, url] of Object.entries(endpoints)) statements[name] = await captureSql(logging.server, loggingAgent, url);
  logging.server.proc.kill('SIGTERM');
  await logging.server.exited;

  // The measured run: a plain restart on the large data.
  const again = await timeToHealthy();
  results.restartMs = again.ms;
  const server = again.server;
  // The raw replay: the same statements through pg, without HTTP, session, transaction or Drizzle,
  // as the API runs them: as the tenant role with the organization set (once per connection, in
  // the connection options). As the tables' owner they would be other queries: no organization
  // condition from row-level security (so no index serves the sort: 50,000 rows sorted for 50),
  // and vendor_search() reads the organization setting.
  const lookup = new pg.Client(dbClientConfig());
  await lookup.connect();
  const orgId = (await lookup.query(`select id from organizations where name = 'Demo Travels'`)).rows[0].id as string;
  await lookup.end();
  pool = quiet(new pg.Pool({ ...dbClientConfig(), max: CONNECTIONS, options: `-c role=travel_tenant -c app.org_id=${orgId}` }));
  await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.query('select 1'))); // connect before timing
  const agent = new Agent(server.url);
  await agent.post('/api/auth/login', { email: 'owner@demo.travel', password: PASSWORD });
  const cookie = `sid=${agent.cookies.get('sid')}`;

  const table: Record<string, unknown>[] = [];
  const { result: health, nodeMs: healthNodeMs } = await cpuDuring(server.proc.pid!, () => http(`${server.url}/api/health`));
  table.push({ endpoint: 'health', url: '/api/health', apiRps: health.rps, apiP50: health.p50, apiP99: health.p99, nodeMsPerReq: +(healthNodeMs / health.requests).toFixed(2) });
  for (const [name, url] of Object.entries(endpoints)) {
    // A list too slow for autocannon's 10 s under the run's load is reported (its errors and timeouts), not the end of the run.
    const { result: api, nodeMs, postgresMs } = await cpuDuring(server.proc.pid!, () => http(server.url + url, cookie, true));
    const raw = await rawSql(pool, statements[name]);
    table.push({
      endpoint: name,
      url,
      rows: totals[url],
      statements: statements[name].length,
      apiRps: api.rps,
      apiP50: api.p50,
      apiP99: api.p99,
      ...(api.errors + api.non2xx > 0 ? { failed: { non2xx: api.non2xx, errors: api.errors, timeouts: api.timeouts } } : {}),
      // CPU per API request: the server process, and PostgreSQL (all its processes).
      nodeMsPerReq: +(nodeMs / api.requests).toFixed(2),
      pgMsPerReq: +(postgresMs / api.requests).toFixed(2),
      rawRps: raw.rps,
      rawP50: raw.p50,
      rawP99: raw.p99,
      apiVsRaw: +(api.rps / raw.rps).toFixed(2),
      apiVsHealth: +(api.rps / health.rps).toFixed(2),
    });
  }
  results.http = table;
  if (seeded.bookings && (!ONLY || ONLY.includes('workQueue'))) results.workQueueServerTime = await queueServerTime(server.url, server.proc.pid!, pool, statements.workQueue);
  // The curve: the lists with stats in the organizations of the other sizes (Demo Travels' size is in the table above).
  if (curveOrgs.length) {
    const curve: Record<string, unknown>[] = [];
    for (const org of curveOrgs) {
      for (const [name, url] of Object.entries({ ...CURVE_ENDPOINTS.bookings, ...CURVE_ENDPOINTS.receipts, ...CURVE_ENDPOINTS.operations })) {
        const res = await fetch(server.url + url, { headers: { cookie: org.cookie } });
        const totalItems = ((await res.json()) as { meta?: { totalItems?: number } }).meta?.totalItems;
        curve.push({ organization: org.name, bookings: org.size, endpoint: name, rows: totalItems, ...(await measure(server, url, org.cookie)) });
      }
    }
    for (const row of table) {
      if (Object.values(CURVE_ENDPOINTS).some((group) => (row.endpoint as string) in group)) {
        curve.push({ organization: DEMO, bookings: BOOKINGS, endpoint: row.endpoint, rows: row.rows, apiRps: row.apiRps, apiP50: row.apiP50, apiP99: row.apiP99, nodeMsPerReq: row.nodeMsPerReq, pgMsPerReq: row.pgMsPerReq });
      }
    }
    curve.sort((a, b) => String(a.endpoint).localeCompare(String(b.endpoint)) || (a.bookings as number) - (b.bookings as number));
    results.curve = curve;
    results.curveSeeded = Object.fromEntries(curveOrgs.map((o) => [o.name, o.seeded]));
  }
  if (seeded.tours && (!ONLY || ONLY.includes('tourPricing'))) results.tourPricing = await tourPricing(agent);
  if (seeded.hotels && (!ONLY || ONLY.includes('planner'))) results.planner = await plannerBench(agent);
  results.statements = statements;
  if (seeded.bookings && (!ONLY || ONLY.includes('bookingFlow'))) {
    const leads = await flowLeads(pool);
    const perFlow = (ms: number, flows: number) => +(ms / Math.max(1, flows)).toFixed(2);
    // The flow's first seconds on this server, measured apart: each of the pool's connections
    // prepares the flow's statements and loads its caches, and V8 compiles the flow's code. What a
    // flow costs a server that has been running is measured after them.
    const warm = await cpuDuring(server.proc.pid!, () => bookingFlow(server.url, cookie, pool, leads, FLOW_WARM_UP_SECONDS));
    const flow = await cpuDuring(server.proc.pid!, () => bookingFlow(server.url, cookie, pool, leads, SECONDS));
    results.bookingFlow = {
      ...flow.result,
      nodeMsPerFlow: perFlow(flow.nodeMs, flow.result.flows),
      postgresMsPerFlow: perFlow(flow.postgresMs, flow.result.flows),
      warmUp: { seconds: FLOW_WARM_UP_SECONDS, flows: warm.result.flows, nodeMsPerFlow: perFlow(warm.nodeMs, warm.result.flows), postgresMsPerFlow: perFlow(warm.postgresMs, warm.result.flows) },
    };
  }
  results.loadAfterHttp = load();
  const status = fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8');
  results.serverPeakRssMB = Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  // After the lists (its 50,000 leads would change what they read), on the same server.
  if (!ONLY || ONLY.includes('imports')) results.leadImport = await benchLeadImport(server, cookie);
  results.serverPeakRssAfterImportMB = Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  results.seeded = seeded;
  if (!NO_WEB) results.web = jsSizes();

  await pool.end();
  server.proc.kill('SIGTERM');
  await server.exited;
  if (process.env.BENCH_KEEP_DATA === 'true') console.log(`data kept in ${dataDir} (DATA_DIR for npm start, SEED_PASSWORD=${PASSWORD})`);
  else fs.rmSync(dataDir, { recursive: true, force: true });

  console.table(table.map(({ url: _url, ...row }) => row));
  if (results.curve) console.table(results.curve);
  console.log(JSON.stringify({ ...results, http: undefined, curve: undefined, statements: undefined, web: (results.web as { signInRouteGzipKB: number } | undefined)?.signInRouteGzipKB }, null, 2));
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/bench.json', JSON.stringify(results, null, 2));
  // Documents (tests/bench/documents.ts): the 21-day itinerary's render time and memory, mails per
  // second through the queue. Its own servers, after this one has stopped.
  if (process.env.BENCH_NO_DOCUMENTS !== 'true') spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/documents.ts'], { stdio: 'inherit' });
}

main().catch((e) => {
  console.error(e);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
