export * from './enums.ts';
export * from './entities.ts';
export * from './errors.ts';
export * from './paths.ts';
export * from './validation.ts';
export * from './signflows.ts';
export * from './signing.ts';
export * from './personal-identity-code.ts';
