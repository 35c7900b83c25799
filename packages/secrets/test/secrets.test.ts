import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccessToken, TokenCredential } from '@azure/identity';
import { selfSignedCertificate } from '@hikma/llm/testing';
import {
  keyVaultReader,
  parseKeyVaultReference,
  resolveSecret,
  resolveSecrets,
} from '../src/index.ts';

test('Key Vault references in all three forms', () => {
  assert.deepEqual(
    parseKeyVaultReference(
      '@Microsoft.KeyVault(SecretUri=https://kv1.vault.azure.net/secrets/jwt/)',
    ),
    {
      vaultUrl: 'https://kv1.vault.azure.net',
      name: 'jwt',
    },
  );
  assert.deepEqual(
    parseKeyVaultReference(
      '@Microsoft.KeyVault(VaultName=kv2;SecretName=api-keys;SecretVersion=0123456789abcdef0123456789abcdef)',
    ),
    {
      vaultUrl: 'https://kv2.vault.azure.net',
      name: 'api-keys',
      version: '0123456789abcdef0123456789abcdef',
    },
  );
  assert.deepEqual(parseKeyVaultReference('keyvault://kv3/voice-secret'), {
    vaultUrl: 'https://kv3.vault.azure.net',
    name: 'voice-secret',
  });
  assert.equal(parseKeyVaultReference('just-a-password'), null);
  assert.equal(parseKeyVaultReference('keyvault:/nope'), null);
  assert.throws(() => parseKeyVaultReference('@Microsoft.KeyVault(VaultName=kv)'), /SecretName/);
  assert.throws(
    () => parseKeyVaultReference('@Microsoft.KeyVault(SecretUri=https://kv/keys/x)'),
    /secrets/,
  );
});

test('a _FILE setting wins, a plain value warns, unset stays unset', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  try {
    writeFileSync(join(dir, 's'), 'from-file\n');
    const warnings: string[] = [];
    const warn = (m: string) => warnings.push(m);
    assert.deepEqual(await resolveSecret({ S: 'plain', S_FILE: join(dir, 's') }, 'S', { warn }), {
      value: 'from-file',
      source: 'file',
    });
    assert.deepEqual(warnings, []);
    assert.deepEqual(await resolveSecret({ S: 'plain' }, 'S', { warn }), {
      value: 'plain',
      source: 'plain',
    });
    assert.match(warnings[0]!, /S is a plain environment value/);
    assert.deepEqual(await resolveSecret({}, 'S'), { value: undefined, source: 'unset' });
    await assert.rejects(
      resolveSecret({ S_FILE: join(dir, 'missing') }, 'S'),
      /S_FILE: cannot read .*ENOENT/,
    );
    const { env, sources } = await resolveSecrets(
      { A_FILE: join(dir, 's'), B: 'keyvault://kvb/b', C: 'x' },
      ['A', 'B'],
      {
        keyVault: async (ref) => `vault:${ref.name}`,
      },
    );
    assert.deepEqual(env, { A: 'from-file', B: 'vault:b', C: 'x' });
    assert.deepEqual(sources, { A: 'file', B: 'key-vault' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A TokenCredential double standing in for Entra ID. */
class StaticCredential implements TokenCredential {
  readonly scopes: string[] = [];
  async getToken(scopes: string | string[]): Promise<AccessToken> {
    this.scopes.push(...(Array.isArray(scopes) ? scopes : [scopes]));
    return { token: 'entra-token-123', expiresOnTimestamp: Date.now() + 3600_000 };
  }
}

test('the Azure SDK reads a referenced secret from a Key Vault (fake vault over TLS, challenge auth)', async () => {
  const seen: { auth: string | undefined; url: string }[] = [];
  const server = createServer(selfSignedCertificate(), (req, res) => {
    seen.push({ auth: req.headers.authorization, url: req.url ?? '' });
    if (!req.headers.authorization) {
      res.writeHead(401, {
        'www-authenticate':
          'Bearer authorization="https://login.microsoftonline.com/tenant-1", resource="https://vault.azure.net"',
      });
      res.end();
      return;
    }
    const m = /^\/secrets\/([^/?]+)\/?([^/?]*)/.exec(req.url ?? '');
    if (!m || m[1] !== 'jwt-secret') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'SecretNotFound', message: 'not found' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        value: 'the-vault-value',
        id: `https://127.0.0.1/secrets/jwt-secret/${m[2] || 'abc'}`,
        attributes: { enabled: true },
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const previous = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'; // the fake vault's certificate is self-signed
  try {
    const credential = new StaticCredential();
    const reader = keyVaultReader(credential, {
      disableChallengeResourceVerification: true,
      retryOptions: { maxRetries: 0 },
    });
    const value = await resolveSecret(
      {
        VOICE_JWT_SECRET: `@Microsoft.KeyVault(SecretUri=https://127.0.0.1:${port}/secrets/jwt-secret/)`,
      },
      'VOICE_JWT_SECRET',
      {
        keyVault: reader,
      },
    );
    assert.deepEqual(value, { value: 'the-vault-value', source: 'key-vault' });
    assert.ok(
      credential.scopes.some((s) => s.startsWith('https://vault.azure.net')),
      `token scope ${credential.scopes.join(',')}`,
    );
    assert.ok(seen.some((r) => r.auth === 'Bearer entra-token-123'));
    await assert.rejects(
      resolveSecret({ X: `keyvault://unused/x` }, 'X', {
        keyVault: (ref) => reader({ ...ref, vaultUrl: `https://127.0.0.1:${port}` }),
      }),
      /X: cannot read secret "x"/,
    );
  } finally {
    if (previous === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previous;
    server.close();
  }
});
