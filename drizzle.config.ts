import { defineConfig } from 'drizzle-kit';

// Only used to generate migrations from server/schema.ts; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/schema.ts',
  out: './server/db/migrations',
});
