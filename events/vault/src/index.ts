/** The PII vault (`@nocturne/vault`): crypto-shredding of personal fields, PostgreSQL and in memory. */
export * from './address-claims';
export type { AddressKeyMigration, AddressSources } from './address-key-migration';
export * from './memory-vault';
export * from './personal-fields';
export * from './vault';
