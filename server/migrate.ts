import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PLATFORM_ROLE, TENANT_ROLE, type Database } from './db/client';
import { installBoss } from './jobs/boss';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db', 'migrations');

/**
 * What the platform service (a platform operator's request, `/platform`) may touch, as the role
 * `travel_platform`: organizations (read a few columns, create one), subscriptions (read, change
 * what is sold), and the member and role columns its member list answers. Its policy shows it every
 * organization's rows of those tables; every other tenant table stays invisible to it (no grant at
 * all, and the tenant policy matches no organization), so a platform query cannot reach leads,
 * money or passwords by mistake. Onboarding writes the rest of a new organization as that
 * organization's tenant (asTenant). Granted only what is missing, as for the tenant role.
 */
const PLATFORM_READS: Record<string, string[]> = {
  organizations: ['id', 'name', 'currency', 'time_zone', 'created_at', 'updated_at'],
  subscriptions: ['id', 'organization_id', 'plan', 'seats', 'status', 'period_end', 'created_at', 'updated_at'],
  members: ['id', 'organization_id', 'name', 'email', 'department', 'role_id', 'employment_status', 'is_active', 'created_at'],
  roles: ['id', 'organization_id', 'name', 'is_owner'],
};
const PLATFORM_UPDATES: Record<string, string[]> = { subscriptions: ['plan', 'seats', 'status', 'period_end', 'updated_at'] };
/** Whole rows: Drizzle names every column of an insert (`default` for those not given), and each named column needs the privilege. */
const PLATFORM_INSERTS = ['organizations'];
const grantColumns = (table: string, privilege: string, columns: string[]) =>
  columns
    .map(
      (column) => `
        if not has_column_privilege('${PLATFORM_ROLE}', '${table}', '${column}', '${privilege}') then
          grant ${privilege} (${column}) on ${table} to ${PLATFORM_ROLE};
        end if;`,
    )
    .join('');
const PLATFORM_GRANTS = `
  do $$
  begin
    if not exists (select 1 from pg_roles where rolname = '${PLATFORM_ROLE}') then
      create role ${PLATFORM_ROLE} nologin;
    end if;
    if not pg_has_role(current_user, '${PLATFORM_ROLE}', 'member') then
      execute format('grant ${PLATFORM_ROLE} to %I', current_user);
    end if;
    execute 'grant usage on schema public to ${PLATFORM_ROLE}';
    ${Object.entries(PLATFORM_READS).map(([table, columns]) => grantColumns(table, 'select', columns)).join('')}
    ${Object.entries(PLATFORM_UPDATES).map(([table, columns]) => grantColumns(table, 'update', columns)).join('')}
    ${PLATFORM_INSERTS.map(
      (table) => `
        if not has_table_privilege('${PLATFORM_ROLE}', '${table}', 'insert') then
          grant insert on ${table} to ${PLATFORM_ROLE};
        end if;`,
    ).join('')}
    ${Object.keys(PLATFORM_READS)
      .map(
        (table) => `
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = '${table}' and policyname = 'platform_operator') then
          create policy platform_operator on ${table} to ${PLATFORM_ROLE} using (true) with check (true);
        end if;`,
      )
      .join('')}
  end $$;`;

/**
 * The money tables (issue 28): the tenant role gets only what the code needs, so raw SQL in a
 * tenant's transaction cannot rewrite money. For each: whether it inserts, whether it deletes, and
 * which columns it may update: `lock` is one column only, because locking a row (`FOR UPDATE`)
 * needs an UPDATE privilege, while the table's own trigger refuses every update (facts are written
 * once); `except` is every column but the amounts and links the database keeps itself (its
 * triggers, as their owner). The series is only read: numbers come from `next_document_number()`.
 * Every other tenant table: select, insert, update, delete.
 */
type MoneyGrant = { insert: boolean; delete?: boolean; update: 'none' | 'lock' | { except: string[] } };
const FACT: MoneyGrant = { insert: true, update: 'lock' };
const MONEY_GRANTS: Record<string, MoneyGrant> = {
  accounts: { insert: false, update: 'lock' },
  number_series: { insert: false, update: 'none' },
  ledger_totals: { insert: false, update: 'none' },
  // The lists' kept totals (0033_list_totals_rules.sql): their triggers' alone, read by the tenant.
  booking_totals: { insert: false, update: 'none' },
  receipt_totals: { insert: false, update: 'none' },
  invoice_totals: { insert: false, update: 'none' },
  operation_totals: { insert: false, update: 'none' },
  operation_member_totals: { insert: false, update: 'none' },
  vendor_transaction_totals: { insert: false, update: 'none' },
  expense_totals: { insert: false, update: 'none' },
  expenses: FACT,
  journal_entries: FACT,
  journal_lines: FACT,
  other_incomes: FACT,
  document_numbers: { insert: false, update: 'lock' },
  period_locks: FACT,
  payment_allocations: FACT,
  booking_invoices: FACT,
  vendor_transactions: FACT,
  operation_payments: FACT,
  credit_note_redemptions: FACT,
  vendor_refunds: FACT,
  credit_notes: { insert: true, update: { except: ['id', 'organization_id', 'number', 'cancellation_id', 'booking_id', 'contact_id', 'lead_id', 'amount', 'used_amount', 'currency', 'issued_on', 'valid_until', 'entry_id', 'created_at'] } },
  refunds: { insert: true, update: { except: ['id', 'organization_id', 'cancellation_id', 'booking_id', 'amount', 'currency', 'payment_method', 'approved_on', 'created_at'] } },
  booking_payments: { insert: true, update: { except: ['id', 'organization_id', 'booking_id', 'amount', 'currency', 'payment_method', 'paid_on', 'submitted_by', 'created_at'] } },
  booking_operations: {
    insert: true,
    update: { except: ['id', 'organization_id', 'booking_id', 'currency', 'revenue', 'departure', 'arrival', 'converted_by', 'vouchers_cost', 'expenses_cost', 'paid_out', 'voucher_count', 'draft_count', 'unsent_count', 'expense_count', 'created_at'] },
  },
  vouchers: { insert: true, delete: true, update: { except: ['id', 'organization_id', 'operation_id', 'currency', 'paid_amount', 'vendor_refunded', 'created_at'] } },
  additional_expenses: { insert: true, delete: true, update: { except: ['id', 'organization_id', 'operation_id', 'currency', 'paid_amount', 'created_at'] } },
};
const MONEY_TABLES = Object.keys(MONEY_GRANTS);
const sqlList = (names: string[]) => `array[${names.map((n) => `'${n}'`).join(', ')}]::text[]`;
const grantIf = (have: boolean, privilege: string, table: string, column?: string) => {
  const on = column ? `${privilege} (${column}) on ${table}` : `${privilege} on ${table}`;
  const held = column ? `has_column_privilege('${TENANT_ROLE}', '${table}', '${column}', '${privilege}')` : `has_table_privilege('${TENANT_ROLE}', '${table}', '${privilege}')`;
  return have ? `if not ${held} then grant ${on} to ${TENANT_ROLE}; end if;` : `if ${held} then revoke ${on} from ${TENANT_ROLE}; end if;`;
};
const TENANT_MONEY_GRANTS = `
  do $$
  declare c record;
  begin
    ${Object.entries(MONEY_GRANTS)
      .map(([table, g]) => {
        const keep = g.update === 'none' ? [] : g.update === 'lock' ? ['id'] : null;
        const except = typeof g.update === 'object' ? g.update.except : [];
        return `
    ${grantIf(true, 'select', table)}
    ${grantIf(g.insert, 'insert', table)}
    ${grantIf(!!g.delete, 'delete', table)}
    ${grantIf(false, 'update', table)}
    for c in select a.attname from pg_attribute a where a.attrelid = '${table}'::regclass and a.attnum > 0 and not a.attisdropped loop
      if ${keep ? `c.attname = any(${sqlList(keep)})` : `c.attname <> all(${sqlList(except)})`} then
        if not has_column_privilege('${TENANT_ROLE}', '${table}', c.attname, 'update') then execute format('grant update (%I) on ${table} to ${TENANT_ROLE}', c.attname); end if;
      elsif has_column_privilege('${TENANT_ROLE}', '${table}', c.attname, 'update') then
        execute format('revoke update (%I) on ${table} from ${TENANT_ROLE}', c.attname);
      end if;
    end loop;`;
      })
      .join('')}
    grant execute on function next_document_number(text, int) to ${TENANT_ROLE};
  end $$;`;

/**
 * Applies the drizzle-kit migrations, then makes tenancy hold for every table that has an
 * `organization_id`: row-level security on, one policy, privileges for the tenant role.
 * It runs at every start, so a table added later is covered without anyone remembering.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const { pool, db } = database;
  // Two instances starting together must not migrate at once: hold a session lock meanwhile.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock(727274)');
    await migrate(db, { migrationsFolder });
    await db.execute(sql.raw(`
      do $$
      declare t record;
      begin
        if not exists (select 1 from pg_roles where rolname = '${TENANT_ROLE}') then
          create role ${TENANT_ROLE} nologin;
        end if;
        if not pg_has_role(current_user, '${TENANT_ROLE}', 'member') then
          execute format('grant ${TENANT_ROLE} to %I', current_user);
        end if;
        execute 'grant usage on schema public to ${TENANT_ROLE}';
        for t in
          select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'
            and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'organization_id' and not a.attisdropped)
        loop
          -- Only what is missing: a second instance starting beside a running one takes no
          -- exclusive table lock (that deadlocked against the first one's seed).
          if not (select relrowsecurity from pg_class where oid = format('%I', t.relname)::regclass) then
            execute format('alter table %I enable row level security', t.relname);
          end if;
          if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = t.relname and policyname = 'tenant_isolation') then
            execute format($p$create policy tenant_isolation on %I using (organization_id = nullif(current_setting('app.org_id', true), '')::uuid) with check (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)$p$, t.relname);
          end if;
          if t.relname <> all(${sqlList(MONEY_TABLES)})
             and not has_table_privilege('${TENANT_ROLE}', format('%I', t.relname), 'select, insert, update, delete') then
            execute format('grant select, insert, update, delete on %I to ${TENANT_ROLE}', t.relname);
          end if;
        end loop;
        -- The organization row itself: a tenant sees and edits only its own.
        if not (select relrowsecurity from pg_class where oid = 'organizations'::regclass) then
          alter table organizations enable row level security;
        end if;
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = 'organizations' and policyname = 'tenant_isolation') then
          create policy tenant_isolation on organizations using (id = nullif(current_setting('app.org_id', true), '')::uuid);
        end if;
        if not has_table_privilege('${TENANT_ROLE}', 'organizations', 'select, update') then
          grant select, update on organizations to ${TENANT_ROLE};
        end if;
      end $$;
    `));
    await db.execute(sql.raw(TENANT_MONEY_GRANTS));
    await db.execute(sql.raw(PLATFORM_GRANTS));
    // Tenant code enqueues jobs only for its own organization, through this function: the jobs
    // table itself is not the tenant role's (it is global).
    await db.execute(sql.raw(`
      create or replace function enqueue_job(p_kind text, p_key text, p_run_at timestamptz, p_payload jsonb) returns void
      language sql security definer set search_path = public as $fn$
        insert into jobs (org_id, kind, key, payload, run_at)
        values (nullif(current_setting('app.org_id', true), '')::uuid, p_kind, p_key, p_payload, p_run_at)
        on conflict (key) do update set run_at = excluded.run_at, payload = excluded.payload, done_at = null, attempts = 0, last_error = null
        where jobs.org_id is not distinct from excluded.org_id;
      $fn$;
      revoke all on function enqueue_job(text, text, timestamptz, jsonb) from public;
      grant execute on function enqueue_job(text, text, timestamptz, jsonb) to ${TENANT_ROLE};
      -- The same for many jobs in one statement (an import's follow-up reminders): [{kind, key, runAt, payload}].
      create or replace function enqueue_jobs(p_jobs jsonb) returns void
      language sql security definer set search_path = public as $fn$
        insert into jobs (org_id, kind, key, payload, run_at)
        select nullif(current_setting('app.org_id', true), '')::uuid, j.kind, j.key, coalesce(j.payload, '{}'::jsonb), j."runAt"
        from jsonb_to_recordset(p_jobs) as j(kind text, key text, payload jsonb, "runAt" timestamptz)
        on conflict (key) do update set run_at = excluded.run_at, payload = excluded.payload, done_at = null, attempts = 0, last_error = null
        where jobs.org_id is not distinct from excluded.org_id;
      $fn$;
      revoke all on function enqueue_jobs(jsonb) from public;
      grant execute on function enqueue_jobs(jsonb) to ${TENANT_ROLE};
    `));
    // Failed password checks (server/auth/throttle.ts): sign-in counts them on the owner's
    // connection, a signed-in member's password change inside the organization's transaction. The
    // tenant role may only ask how long to wait and add a failure, never read or clear the table.
    await db.execute(sql.raw(`
      create or replace function login_throttle_wait(p_keys text[]) returns int
      language sql stable security definer set search_path = public as $fn$
        select coalesce(ceil(extract(epoch from max(blocked_until) - now()))::int, 0) from login_throttle where key = any(p_keys);
      $fn$;
      create or replace function login_throttle_fail(p_keys text[], p_thresholds int[], p_max_block_seconds int[]) returns void
      language plpgsql security definer set search_path = public as $fn$
      begin
        for i in 1 .. coalesce(array_length(p_keys, 1), 0) loop
          insert into login_throttle as t (key, failures, last_failure_at, blocked_until)
          values (p_keys[i], 1, now(), case when p_thresholds[i] <= 1 then now() + interval '1 second' end)
          on conflict (key) do update set
            failures = case when t.last_failure_at < now() - interval '15 minutes' then 1 else t.failures + 1 end,
            last_failure_at = now(),
            blocked_until = case
              when (case when t.last_failure_at < now() - interval '15 minutes' then 1 else t.failures + 1 end) >= p_thresholds[i]
              then now() + make_interval(secs => least(power(2, (case when t.last_failure_at < now() - interval '15 minutes' then 1 else t.failures + 1 end) - p_thresholds[i]), p_max_block_seconds[i]))
              end;
        end loop;
      end $fn$;
      revoke all on function login_throttle_wait(text[]) from public;
      revoke all on function login_throttle_fail(text[], int[], int[]) from public;
      grant execute on function login_throttle_wait(text[]) to ${TENANT_ROLE};
      grant execute on function login_throttle_fail(text[], int[], int[]) to ${TENANT_ROLE};
    `));
    await installBoss(database);
  } finally {
    await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
    lock.release();
  }
}
