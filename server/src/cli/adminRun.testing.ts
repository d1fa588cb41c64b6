import { type AdminBackend, runAdmin } from './admin';

// Test helper of the operator command tests (no test of its own).

/** Runs `npm run admin -- <args>` in process against a backend; answers its exit code and output lines. */
export function runAdminCommand(args: string[], backend: AdminBackend) {
  const out: string[] = [];
  const err: string[] = [];
  return runAdmin(args, async () => backend, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({
    code,
    out,
    err,
  }));
}
