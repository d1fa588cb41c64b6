import { describe, expect, it } from 'vitest';
import { CALLS } from './calls';
import { buildOpenApiDocument } from './openapi';

type Operation = {
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, unknown> };
  security?: unknown;
  parameters?: { name: string; in: string; required: boolean }[];
};
const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('OpenAPI document', () => {
  it('documents every call of the contract', () => {
    for (const def of Object.values(CALLS)) expect(operation(def.method, def.path)).toBeDefined();
  });

  it('documents the refusals of each access kind', () => {
    const signIn = operation('POST', '/sessions/merchant');
    expect(Object.keys(signIn?.responses ?? {}).sort()).toEqual(['200', '400', '401', '429']);
    expect(signIn?.security).toEqual([]);
    const wallet = operation('GET', '/wallets/{wallet_no}');
    expect(Object.keys(wallet?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '404']);
    expect(wallet?.security).toEqual([{ bearer: [] }]);
  });

  it('documents the refusals of the staff and account calls', () => {
    const keys = (method: string, path: string) => Object.keys(operation(method, path)?.responses ?? {}).sort();
    expect(keys('PUT', '/invitations/merchants/{token}')).toEqual(['200', '400', '404', '409', '410', '429']);
    expect(keys('POST', '/password_reset')).toEqual(['200', '400', '429']);
    expect(keys('PATCH', '/merchants/{id}/users/{user_id}')).toEqual(['200', '400', '401', '403', '404', '409', '422']);
    expect(operation('PUT', '/identities/{id}/password')?.security).toEqual([{ bearer: [] }]);
    expect(operation('POST', '/invitations/merchant')?.security).toEqual([]);
  });

  // Trust
  it('documents the step-up: its call, and the 403 step_up_required of the calls that need it', () => {
    const stepUp = operation('POST', '/sessions/current/step_up');
    expect(stepUp?.security).toEqual([{ bearer: [] }]);
    expect(stepUp?.requestBody).toBeDefined();
    const bankAccount = operation('PUT', '/merchants/{id}/bank_account') as Operation & {
      responses: Record<string, { description?: string }>;
      'x-step-up'?: unknown;
    };
    expect(bankAccount['x-step-up']).toEqual({ purpose: 'bank_account', use: 'spends' });
    expect(bankAccount.parameters).toContainEqual(
      expect.objectContaining({ name: 'Step-Up-Token', in: 'header', required: true }),
    );
    expect(bankAccount.responses['403']?.description).toContain('step_up_required');
    const wallet = operation('GET', '/wallets/{wallet_no}') as Operation & {
      responses: Record<string, { description?: string }>;
    };
    expect(wallet.responses['403']?.description).not.toContain('step_up_required');
  });

  // Money: refunds
  it('documents the Idempotency-Key header of every money-moving call, and its 409', () => {
    const moving = Object.values(CALLS).filter((def) => 'idempotent' in def && def.idempotent);
    expect(moving.length).toBeGreaterThan(0);
    for (const def of moving) {
      const op = operation(def.method, def.path);
      expect(op?.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
      );
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['409', '422']));
    }
    const read = operation('GET', '/wallets/{wallet_no}');
    expect(read?.parameters?.some((p) => p.in === 'header')).toBe(false);
  });

  // Merchant settings
  it('documents uploads as multipart with one binary file, and file answers by their media type', () => {
    for (const path of ['/merchants/{id}/thumbnail', '/merchants/{id}/image']) {
      const upload = operation('POST', path);
      expect(upload?.requestBody?.content).toEqual({
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
        },
      });
      expect(Object.keys(upload?.responses ?? {})).toContain('413');
    }
    expect(Object.keys(operation('GET', '/identities/{id}/qr/download')?.responses['200']?.content ?? {})).toEqual([
      'image/png',
    ]);
    expect(Object.keys(operation('GET', '/identities/{id}/qr/poster')?.responses['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(operation('GET', '/merchant_images/{hash}')?.security).toEqual([]);
  });
});
