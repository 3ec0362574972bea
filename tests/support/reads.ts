import type { TestServer } from './server';

/**
 * Small reads of the test database that API files used to copy: a member's or an organization's id,
 * and an amount in US dollars as English formats it (the oracle the documents' text is read against,
 * written apart from the app's own formatting).
 */
type Sql = Pick<TestServer, 'sql'>;

/** The id of the member who signs in with `email`. */
export const memberId = async (s: Sql, email: string) => (await s.sql<{ id: string }>('select id from members where email = $1', [email]))[0]!.id;

/** The id of the organization named `name` ('Demo Travels', 'Globe Trotters'). */
export const orgId = async (s: Sql, name: string) => (await s.sql<{ id: string }>('select id from organizations where name = $1', [name]))[0]!.id;

/** Minor units of US dollars as English writes them (`12345` → `$123.45`). */
export const usd = (minor: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(minor / 100);
