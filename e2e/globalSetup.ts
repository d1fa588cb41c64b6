import { seedTemplate, TEMPLATE_DIR_VARIABLE } from './tests/servers';

/** The demo data every spec file's server copies: migrated and seeded once per run. */
export default async function globalSetup(): Promise<void> {
  const dir = process.env[TEMPLATE_DIR_VARIABLE];
  if (!dir) throw new Error(`${TEMPLATE_DIR_VARIABLE} is not set`);
  await seedTemplate(dir);
}
