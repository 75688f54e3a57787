import { defineConfig } from 'drizzle-kit';

// One schema and one migration set for PGlite and PostgreSQL; regenerate the whole folder
// (`rm -rf drizzle && pnpm db:generate`) while no database is deployed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
