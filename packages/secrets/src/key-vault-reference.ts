/** A secret in Azure Key Vault. */
export interface KeyVaultReference {
  vaultUrl: string;
  name: string;
  version?: string;
}

const APP_SERVICE = /^@Microsoft\.KeyVault\((.*)\)$/i;
const SHORT = /^keyvault:\/\/([a-z0-9-]{3,24})\/([A-Za-z0-9-]{1,127})(?:\/([A-Za-z0-9]{32}))?\/?$/;

/**
 * Recognises a Key Vault reference in a setting's value, in the forms App Service uses,
 * `@Microsoft.KeyVault(SecretUri=https://<vault>.vault.azure.net/secrets/<name>[/<version>])`
 * and `@Microsoft.KeyVault(VaultName=<vault>;SecretName=<name>[;SecretVersion=<version>])`,
 * or the short form `keyvault://<vault>/<name>[/<version>]`. Anything else is not a reference.
 */
export function parseKeyVaultReference(value: string): KeyVaultReference | null {
  const text = value.trim();
  const short = SHORT.exec(text);
  if (short)
    return withVersion(
      { vaultUrl: `https://${short[1]}.vault.azure.net`, name: short[2]! },
      short[3],
    );
  const app = APP_SERVICE.exec(text);
  if (!app) return null;
  const fields = new Map<string, string>();
  for (const part of app[1]!.split(';')) {
    const cut = part.indexOf('=');
    if (cut > 0) fields.set(part.slice(0, cut).trim().toLowerCase(), part.slice(cut + 1).trim());
  }
  const uri = fields.get('secreturi');
  if (uri) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new Error(`invalid Key Vault SecretUri "${uri}"`);
    }
    const [kind, name, version] = url.pathname.split('/').filter(Boolean);
    if (kind !== 'secrets' || !name)
      throw new Error(
        `Key Vault SecretUri must look like https://<vault>/secrets/<name>[/<version>]: "${uri}"`,
      );
    return withVersion({ vaultUrl: url.origin, name }, version);
  }
  const vault = fields.get('vaultname');
  const name = fields.get('secretname');
  if (!vault || !name)
    throw new Error('a Key Vault reference needs SecretUri, or VaultName and SecretName');
  return withVersion(
    { vaultUrl: `https://${vault}.vault.azure.net`, name },
    fields.get('secretversion'),
  );
}

function withVersion(ref: KeyVaultReference, version: string | undefined): KeyVaultReference {
  return version ? { ...ref, version } : ref;
}
