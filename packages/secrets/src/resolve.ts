import { readFile } from 'node:fs/promises';
import type { TokenCredential } from '@azure/identity';
import { parseKeyVaultReference, type KeyVaultReference } from './key-vault-reference.ts';

/** Reads one secret from Key Vault. */
export type KeyVaultReader = (ref: KeyVaultReference) => Promise<string>;

export interface ResolveOptions {
  /** Reads Key Vault references (default: the Azure SDK with `DefaultAzureCredential`). */
  keyVault?: KeyVaultReader;
  /** Told when a secret comes from a plain environment value. */
  warn?: (message: string) => void;
}

/** How a secret setting was supplied. */
export type SecretSource = 'file' | 'key-vault' | 'plain' | 'unset';

/**
 * Resolves a secret setting `NAME`: `NAME_FILE` (a mounted secret file) wins; a value that
 * is a Key Vault reference is fetched from the vault; a plain value is accepted with a
 * warning (development only). Returns undefined when neither is set.
 */
export async function resolveSecret(
  env: NodeJS.ProcessEnv,
  name: string,
  options: ResolveOptions = {},
): Promise<{ value: string | undefined; source: SecretSource }> {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return { value: (await readFile(file, 'utf8')).replace(/\r?\n$/, ''), source: 'file' };
    } catch (err) {
      throw new Error(
        `${name}_FILE: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
  }
  const raw = env[name];
  if (!raw) return { value: undefined, source: 'unset' };
  let ref: KeyVaultReference | null;
  try {
    ref = parseKeyVaultReference(raw);
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}`);
  }
  if (ref) {
    const reader = options.keyVault ?? (await defaultKeyVaultReader());
    try {
      return { value: await reader(ref), source: 'key-vault' };
    } catch (err) {
      throw new Error(
        `${name}: cannot read secret "${ref.name}" from ${ref.vaultUrl}: ${(err as Error).message}`,
      );
    }
  }
  options.warn?.(
    `${name} is a plain environment value; use ${name}_FILE (a mounted secret) or a Key Vault reference in production`,
  );
  return { value: raw, source: 'plain' };
}

/**
 * Resolves several secret settings into a copy of the environment, so the rest of the
 * configuration code reads them like any other variable.
 */
export async function resolveSecrets(
  env: NodeJS.ProcessEnv,
  names: readonly string[],
  options: ResolveOptions = {},
): Promise<{ env: NodeJS.ProcessEnv; sources: Record<string, SecretSource> }> {
  const out: NodeJS.ProcessEnv = { ...env };
  const sources: Record<string, SecretSource> = {};
  for (const name of names) {
    const { value, source } = await resolveSecret(env, name, options);
    sources[name] = source;
    delete out[`${name}_FILE`];
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return { env: out, sources };
}

/** A Key Vault reader using the Azure SDK; one client per vault, one credential for all. */
export function keyVaultReader(
  credential?: TokenCredential,
  clientOptions: Record<string, unknown> = {},
): KeyVaultReader {
  const clients = new Map<
    string,
    Promise<{ getSecret(name: string, o?: { version?: string }): Promise<{ value?: string }> }>
  >();
  return async (ref) => {
    let client = clients.get(ref.vaultUrl);
    if (!client) {
      client = (async () => {
        const [{ SecretClient }, identity] = await Promise.all([
          import('@azure/keyvault-secrets'),
          import('@azure/identity'),
        ]);
        return new SecretClient(
          ref.vaultUrl,
          credential ?? new identity.DefaultAzureCredential(),
          clientOptions,
        );
      })();
      clients.set(ref.vaultUrl, client);
    }
    const secret = await (
      await client
    ).getSecret(ref.name, ref.version ? { version: ref.version } : {});
    if (secret.value === undefined) throw new Error('the secret has no value');
    return secret.value;
  };
}

async function defaultKeyVaultReader(): Promise<KeyVaultReader> {
  return keyVaultReader();
}
