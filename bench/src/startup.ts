/**
 * Start-up bench: how long the wallet service takes from `spawn` to its first ready answer (`GET /readyz`
 * 200) on an embedded database that is already migrated and seeded, run from the compiled server
 * (`node server/dist/server.mjs`, what `npm run serve` starts) and, for comparison, from the TypeScript
 * source through tsx (how production started before). Median of RUNS starts each.
 * Usage: npm run build && npx tsx bench/src/startup.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const PORT = 4391;

/** `node` is the project's Node 24 (npm puts it first on the PATH); MACHINE_NODE the system's, as before. */
const MACHINE_NODE = process.env.MACHINE_NODE ?? '/usr/bin/node';
const MODES: Record<string, readonly [string, readonly string[]]> = {
  compiled: ['node', ['--enable-source-maps', 'server/dist/server.mjs']],
  'tsx (source)': ['node', ['--import', 'tsx', 'server/src/server.ts']],
  ...(existsSync(MACHINE_NODE)
    ? { 'tsx, machine Node (before)': [MACHINE_NODE, ['--import', 'tsx', 'server/src/server.ts']] as const }
    : {}),
};

async function readyWithin(child: ChildProcess, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${PORT}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server was not ready in time');
}

async function startOnce(command: string, args: readonly string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await readyWithin(child, 180_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = mkdtempSync(join(tmpdir(), 'coin-startup-'));
try {
  // The first start migrates and seeds; the measured ones find the data there.
  const [command, args] = MODES.compiled ?? ['node', []];
  const first = await startOnce(command, args, dataDir);
  console.log(`first start (migrate and seed the demo): ${Math.round(first)} ms`);
  // The modes take turns, so a change in the machine's load falls on all of them alike.
  const times = new Map<string, number[]>(Object.keys(MODES).map((label) => [label, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [label, [command, args]] of Object.entries(MODES)) {
      times.get(label)?.push(await startOnce(command, args, dataDir));
    }
  }
  for (const [label, values] of times) {
    console.log(
      `${label.padEnd(27)} median ${Math.round(median(values))} ms (${values.map((t) => Math.round(t)).join(', ')})`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
