import { sql } from 'drizzle-orm';
import { platformOperators } from '../auth/schema';
import type { Tx } from '../db/client';

/** The demo platform operator (`npm start` prints it): signs in to the platform console at /console. */
export const DEMO_OPERATOR = { name: 'Paula Platform', email: 'operator@platform.travel' };

/** Seeds the demo operator when there is no operator at all (a database seeded before operators existed gets one too). */
export async function seedOperator(tx: Tx, passwordHash: () => Promise<string>): Promise<boolean> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(platformOperators);
  if (n > 0) return false;
  await tx.insert(platformOperators).values({ ...DEMO_OPERATOR, passwordHash: await passwordHash() });
  return true;
}
