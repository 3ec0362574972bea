import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PLATFORM_ROLE, SERVICE_ROLE, TENANT_ROLE, type Database } from './db/client';
import { BOSS_SCHEMA, installBoss } from './jobs/boss';

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
/**
 * A role the server's connections take on (plpgsql, inside a `do` block): made when missing, granted
 * to the login role that migrates (the server's own), with the public schema usable.
 */
const roleOfTheServer = (role: string) => `
    if not exists (select 1 from pg_roles where rolname = '${role}') then
      create role ${role} nologin;
    end if;
    if not pg_has_role(current_user, '${role}', 'member') then
      execute format('grant ${role} to %I', current_user);
    end if;
    execute 'grant usage on schema public to ${role}';`;
const PLATFORM_GRANTS = `
  do $$
  begin
    ${roleOfTheServer(PLATFORM_ROLE)}
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
  invoice_due_day_totals: { insert: false, update: 'none' },
  operation_totals: { insert: false, update: 'none' },
  operation_member_totals: { insert: false, update: 'none' },
  vendor_transaction_totals: { insert: false, update: 'none' },
  expense_totals: { insert: false, update: 'none' },
  // The work queue's kept counts (0042_work_queue_totals_rules.sql): their triggers' alone, read by the tenant.
  work_queue_totals: { insert: false, update: 'none' },
  expenses: FACT,
  expense_reversals: FACT,
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
 * The running server's own rights (issue 28), outside any organization's transaction: the role
 * `travel_service` (NOLOGIN), granted to the login role the server connects as (server/db/roles.ts),
 * beside the tenant and platform roles it switches to. The login role is neither a superuser nor
 * the owner of any table, so it can neither skip triggers (`session_replication_role`) nor alter
 * them. What the server does across organizations before it knows one — sign-in, a session's look-up,
 * an invitation, a website lead's organization, the daily jobs, pruning — goes through the
 * security-definer functions below (owned by the owner, `search_path` fixed), each doing one thing;
 * the service role reads and writes directly only the tables no organization owns: sign-in
 * throttling, rate limits, the job queue, pg-boss's schema and the platform operators' sessions.
 * docs/database-rules.md, "The server's login role".
 */
const SERVICE_GRANTS = `
  do $$
  begin
    if not exists (select 1 from pg_roles where rolname = '${SERVICE_ROLE}') then
      create role ${SERVICE_ROLE} nologin;
    end if;
    execute 'grant usage on schema public to ${SERVICE_ROLE}';
    grant select, delete on login_throttle to ${SERVICE_ROLE};
    grant select, insert, update, delete on rate_limits to ${SERVICE_ROLE};
    grant select, insert, update, delete on jobs to ${SERVICE_ROLE};
    grant select (id, name, email, password_hash, is_active) on platform_operators to ${SERVICE_ROLE};
    grant select, insert on platform_sessions to ${SERVICE_ROLE};
    grant update (last_seen_at, revoked_at) on platform_sessions to ${SERVICE_ROLE};
  end $$;

  -- Sign-in: the members an email names, in every organization, the one signed into last first.
  create or replace function login_candidates(p_email text)
  returns table (id uuid, organization_id uuid, password_hash text, is_active boolean)
  language sql stable security definer set search_path = public as $fn$
    select m.id, m.organization_id, m.password_hash, m.is_active from members m
    where lower(m.email) = lower(p_email)
    order by (select max(s.created_at) from sessions s where s.member_id = m.id) desc nulls last, m.created_at, m.id;
  $fn$;
  -- A new session of a member (of that organization only).
  create or replace function session_start(p_member uuid, p_organization uuid, p_token_hash text, p_expires_at timestamptz, p_user_agent text, p_ip text)
  returns uuid language plpgsql security definer set search_path = public as $fn$
  declare v_id uuid;
  begin
    insert into sessions (organization_id, member_id, token_hash, expires_at, user_agent, ip)
    select m.organization_id, m.id, p_token_hash, p_expires_at, p_user_agent, p_ip from members m
    where m.id = p_member and m.organization_id = p_organization
    returning id into v_id;
    if v_id is null then raise exception 'no member % in organization %', p_member, p_organization; end if;
    return v_id;
  end $fn$;
  create or replace function session_end(p_token_hash text) returns void
  language sql security definer set search_path = public as $fn$
    update sessions set revoked_at = now() where token_hash = p_token_hash and revoked_at is null;
  $fn$;
  create or replace function session_touch(p_session uuid) returns void
  language sql security definer set search_path = public as $fn$
    update sessions set last_seen_at = now() where id = p_session;
  $fn$;
  alter function session_open(text) security definer set search_path = public;
  -- An invitation link's invitation, while it is usable (unused, not expired, its member active).
  create or replace function invitation_find(p_token_hash text)
  returns table (id uuid, organization_id uuid, member_id uuid, expires_at timestamptz, name text, email text, organization text)
  language sql stable security definer set search_path = public as $fn$
    select i.id, i.organization_id, i.member_id, i.expires_at, m.name, m.email, o.name from invitations i
    join members m on m.id = i.member_id join organizations o on o.id = i.organization_id
    where i.token_hash = p_token_hash and i.used_at is null and i.expires_at > now() and m.is_active;
  $fn$;
  -- A website lead's organization, by the hash of the secret it was sent with.
  create or replace function lead_capture_organization(p_secret_hash text)
  returns table (id uuid, status text, period_end date, today text)
  language sql stable security definer set search_path = public as $fn$
    select o.id, sub.status, sub.period_end, to_char(clock_now() at time zone o.time_zone, 'YYYY-MM-DD') from organizations o
    left join subscriptions sub on sub.organization_id = o.id where o.secret_hash = p_secret_hash;
  $fn$;
  -- The hourly tick: each kind of daily job, once per organization (again once the last one ran).
  create or replace function enqueue_daily_jobs(p_kinds text[]) returns void
  language sql security definer set search_path = public as $fn$
    insert into jobs (org_id, kind, key, run_at)
    select o.id, k.kind, k.kind || ':' || o.id, now() from organizations o cross join unnest(p_kinds) as k(kind)
    on conflict (key) do update set run_at = excluded.run_at, done_at = null, attempts = 0, last_error = null
      where jobs.done_at is not null;
  $fn$;
  -- Housekeeping: every organization's idempotency keys older than p_hours.
  create or replace function prune_idempotency_keys(p_hours int) returns void
  language sql security definer set search_path = public as $fn$
    delete from idempotency_keys where created_at < now() - make_interval(hours => p_hours);
  $fn$;
  do $$
  declare f text;
  begin
    foreach f in array array['login_candidates(text)', 'session_start(uuid, uuid, text, timestamptz, text, text)', 'session_end(text)',
      'session_touch(uuid)', 'session_open(text)', 'invitation_find(text)', 'lead_capture_organization(text)',
      'enqueue_daily_jobs(text[])', 'prune_idempotency_keys(int)', 'login_throttle_wait(text[])',
      'login_throttle_fail(text[], int[], int[])', 'enqueue_job(text, text, timestamptz, jsonb)'] loop
      execute format('revoke all on function %s from public', f);
      execute format('grant execute on function %s to ${SERVICE_ROLE}', f);
    end loop;
  end $$;`;

/** pg-boss's schema is no organization's: the service role works its queues (the owner creates them: server/jobs/boss.ts declareQueues). */
const SERVICE_BOSS_GRANTS = (schema: string) => `
  grant usage on schema ${schema} to ${SERVICE_ROLE};
  grant select, insert, update, delete on all tables in schema ${schema} to ${SERVICE_ROLE};
  grant usage, select on all sequences in schema ${schema} to ${SERVICE_ROLE};
  grant execute on all functions in schema ${schema} to ${SERVICE_ROLE};
  alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${SERVICE_ROLE};`;

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
        ${roleOfTheServer(TENANT_ROLE)}
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
    await db.execute(sql.raw(SERVICE_GRANTS));
    await db.execute(sql.raw(SERVICE_BOSS_GRANTS(BOSS_SCHEMA)));
  } finally {
    await lock.query('select pg_advisory_unlock(727274)').catch(() => {});
    lock.release();
  }
}
