import pg from 'pg';
import { SafeError } from '../log';
import { connect, PLATFORM_ROLE, SERVICE_ROLE, TENANT_ROLE, type Database, type SqlLogging } from './client';

/**
 * The running server's login role (issue 28). The server connects as a role that is neither a
 * superuser nor the owner of any table: a superuser can skip every trigger
 * (`set session_replication_role = replica`) and an owner can disable them, so the rules the
 * database holds (balanced entries, immutable books, gapless series) would hold only as long as
 * the server's code is right. The owner (the embedded PostgreSQL's superuser, or
 * DATABASE_OWNER_URL) migrates, seeds the demo and sets the login role up. The login role is
 * NOINHERIT and holds no right of its own: it is granted the roles it switches to — the service
 * role (server/migrate.ts, SERVICE_GRANTS), which every connection of the server's pool becomes
 * first, and the tenant and platform roles of a request's transaction. docs/database-rules.md, "The server's login role".
 */

/** The embedded PostgreSQL's login role for the server (its password in DATA_DIR/pg-app.secret). */
export const APP_LOGIN_ROLE = 'travel_app';

/** The roles the login role is granted: it switches to the first two, and has the rights of the third. */
const GRANTED = [TENANT_ROLE, PLATFORM_ROLE, SERVICE_ROLE];

/** The user and password a postgres:// URL connects with. */
export function loginOf(url: string): { user: string; password: string } {
  const u = new URL(url);
  return { user: decodeURIComponent(u.username), password: decodeURIComponent(u.password) };
}

/** `url` with another user and password (the same server and database). */
export function withLogin(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * Run as the owner after the migrations: creates the login role of `appUrl` when it does not exist
 * (with the URL's password; the owner needs CREATEROLE, else the README says how to create it),
 * sets its password again when `resetPassword` (the embedded PostgreSQL, whose secret file is the
 * truth), and grants it the tenant, platform and service roles. A role that exists keeps its
 * password and attributes; what it may not be is checked when the server connects ({@link checkLoginRole}).
 */
export async function setUpLoginRole(owner: Pick<Database, 'pool'>, appUrl: string, opts: { resetPassword?: boolean } = {}): Promise<void> {
  const { user, password } = loginOf(appUrl);
  if (!user) throw new SafeError('DATABASE_URL must name the user the server connects as (postgres://travel_app:password@host/database).');
  const role = pg.escapeIdentifier(user);
  const client = await owner.pool.connect();
  try {
    // Two instances starting together: one sets the role up at a time (roles are the cluster's).
    await client.query('select pg_advisory_lock(727275)');
    const { rows } = await client.query<{ exists: boolean }>('select exists (select 1 from pg_roles where rolname = $1) as exists', [user]);
    if (!rows[0].exists) {
      if (!password) throw new SafeError(`The database role ${user} does not exist and DATABASE_URL gives no password to create it with.`);
      try {
        await client.query(`create role ${role} login password ${pg.escapeLiteral(password)} nosuperuser nocreatedb nocreaterole nobypassrls noreplication noinherit`);
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === '42501') {
          throw new SafeError(`The database role ${user} does not exist, and DATABASE_OWNER_URL's role may not create it. Create it once (README, "Your own PostgreSQL"): create role ${user} login password '…';`);
        }
        if (code !== '42710') throw e; // created meanwhile by another cluster user
      }
    } else {
      if (opts.resetPassword && password) await client.query(`alter role ${role} password ${pg.escapeLiteral(password)}`);
      // A role created by hand with the default INHERIT would hold the tenant's rights outside any
      // organization's transaction: taken away when the owner may (it works either way).
      await client.query(`alter role ${role} noinherit`).catch(() => {});
    }
    for (const granted of GRANTED) {
      const { rows: member } = await client.query<{ member: boolean }>(`select pg_has_role($1, $2, 'member') as member`, [user, granted]);
      if (!member[0].member) await client.query(`grant ${granted} to ${role}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock(727275)').catch(() => {});
    client.release();
  }
}

export interface LoginRole {
  name: string;
  superuser: boolean;
  /** Tables of the schema the login role owns, or may act as the owner of (a member of their owner's role). */
  owns: string[];
  bypassRls: boolean;
  /** Superuser, owner of a table, or above row-level security: allowed only with ALLOW_SUPERUSER_DATABASE. */
  privileged: boolean;
}

/** The server's pool: its login role, each connection become the service role. */
export const connectAsServer = (url: string, poolSize?: number, logSql?: SqlLogging, idleInTransactionMs?: number) => connect(url, poolSize, logSql, SERVICE_ROLE, idleInTransactionMs);

/** What the connection's login role is. */
export async function loginRole(database: Pick<Database, 'pool'>): Promise<LoginRole> {
  const { rows } = await database.pool.query<{ name: string; superuser: boolean; bypass: boolean; owns: string[] }>(`
    select r.rolname as name, r.rolsuper as superuser, r.rolbypassrls as bypass,
      array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and pg_has_role(session_user, c.relowner, 'member')
            order by c.relname) as owns
    from pg_roles r where r.rolname = session_user`);
  const r = rows[0];
  return { name: r.name, superuser: r.superuser, bypassRls: r.bypass, owns: r.owns, privileged: r.superuser || r.bypass || r.owns.length > 0 };
}

/**
 * Refuses a login role that could skip the database's rules: a superuser, a role above row-level
 * security, or the owner of the tables (or a member of the owner's role). `allow`
 * (ALLOW_SUPERUSER_DATABASE=1) lets it run all the same.
 */
export async function checkLoginRole(database: Pick<Database, 'pool'>, allow: boolean): Promise<LoginRole> {
  const role = await loginRole(database);
  if (!role.privileged || allow) return role;
  const why = role.superuser
    ? `is a superuser: it could skip every trigger the database holds (set session_replication_role = replica)`
    : role.owns.length
      ? `owns the tables (${role.owns.slice(0, 3).join(', ')}${role.owns.length > 3 ? `, and ${role.owns.length - 3} more` : ''}): it could disable the triggers that keep the books`
      : `bypasses row-level security: it would see every organization's rows`;
  throw new SafeError(
    `The database role "${role.name}" that DATABASE_URL connects as ${why}.\n` +
      `Connect as the application's own role instead, and give the owner's URL as DATABASE_OWNER_URL for migrations ` +
      `(README, "Your own PostgreSQL"), or set ALLOW_SUPERUSER_DATABASE=1 to run as it anyway.`,
  );
}
