export * from './calls';
export * from './constants';
export * from './guard';
export * from './messages';
export * from './openapi';
export * from './roles';
export * from './routes';
export * from './schemas';
