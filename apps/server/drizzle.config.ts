import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this; migrations are applied by the server at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
