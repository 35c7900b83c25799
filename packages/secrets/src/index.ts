export { resolveSecret, resolveSecrets, keyVaultReader } from './resolve.ts';
export type { KeyVaultReader, ResolveOptions, SecretSource } from './resolve.ts';
export { parseKeyVaultReference } from './key-vault-reference.ts';
export type { KeyVaultReference } from './key-vault-reference.ts';
