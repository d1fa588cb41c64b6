/*
 * `npm test`: every stage of the suite in turn — typecheck, lint, the unit and server tests, then the
 * console's build and the browser walks — each stage's time printed as it ends and all of them at the
 * end. The first stage that fails ends the run with its exit code.
 */
import { spawnSync } from 'node:child_process';

const STAGES: [name: string, script: string][] = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit and server tests', 'test:unit'],
  ['build and browser walks', 'test:e2e'],
];

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
const took: string[] = [];
const started = performance.now();
let failed = 0;
for (const [name, script] of STAGES) {
  const stageStarted = performance.now();
  const { status, signal } = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const line = `${name.padEnd(24)} ${seconds(performance.now() - stageStarted).padStart(7)}`;
  took.push(line);
  console.log(`\n== ${line}${status === 0 ? '' : `  FAILED (${signal ?? `exit ${status}`})`}\n`);
  if (status !== 0) {
    failed = status ?? 1;
    break;
  }
}
console.log(
  [
    'stage times:',
    ...took.map((line) => `  ${line}`),
    `  ${'total'.padEnd(24)} ${seconds(performance.now() - started).padStart(7)}`,
  ].join('\n'),
);
process.exit(failed);
