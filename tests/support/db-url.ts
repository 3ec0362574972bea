/** The demo password in every test database. */
export const TEST_PASSWORD = 'test-password-2026';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
