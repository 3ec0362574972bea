/** The demo password in every test database. */
export const TEST_PASSWORD = 'test-password-2026';
/** The server's login role's password in the tests' PostgreSQL (travel_app, server/db/roles.ts). */
export const TEST_APP_PASSWORD = 'test-app-password-2026';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
