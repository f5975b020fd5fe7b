/** The PII vault (`@nocturne/vault`): crypto-shredding of personal fields, PostgreSQL and in memory. */
export * from './address-claims';
export * from './memory-vault';
export * from './personal-fields';
export * from './vault';
