export * from './client';
export * from './errors';
export * from './odsql';
export * from './params';
export * from './portal';
export * from './types';
export * from './types-v20';
export * from './urls';
