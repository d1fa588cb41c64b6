import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedTemplate, TEMPLATE_DIR_VARIABLE } from './tests/servers';

/**
 * The demo data every spec file's server copies: migrated and seeded once per run (after `npm run build`),
 * its directory passed to the workers through the environment and removed at the end of the run.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'coin-e2e-template-'));
  process.env[TEMPLATE_DIR_VARIABLE] = dir;
  try {
    await seedTemplate(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
