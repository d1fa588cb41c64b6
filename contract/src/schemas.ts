/* The zod schemas of the calls, one file per resource under ./schemas (periodOrder.ts stays internal). */

export * from './schemas/auditEvents';
export * from './schemas/common';
export * from './schemas/csv';
export * from './schemas/fees';
export * from './schemas/historySearch';
export * from './schemas/identities';
export * from './schemas/journal';
export * from './schemas/merchants';
export * from './schemas/merchantUsers';
export * from './schemas/notices';
export * from './schemas/refunds';
export * from './schemas/runtimeConfig';
export * from './schemas/sessions';
export * from './schemas/twoStep';
export * from './schemas/wallets';
