// Writes the OpenAPI document the server serves at /api/openapi.json and checks it with Redocly's
// recommended rules (`npm run lint:api`, part of `npm run lint`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@coin/contract';

const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(buildOpenApiDocument('/api'), null, 2));
const lint = spawnSync('npx', ['redocly', 'lint', file, '--format=summary'], { stdio: 'inherit' });
process.exit(lint.status ?? 1);
