export * from './routes';
export * from './runtime-config';
export * from './constants';
export * from './calls';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/stats';
