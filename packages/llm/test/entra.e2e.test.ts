import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:https';
import { ClientSecretCredential } from '@azure/identity';
import { AzureOpenAILLM, complete } from '../src/index.ts';
import { selfSignedCertificate, startFakeOpenAIServer } from '../src/testing/index.ts';

test('Azure OpenAI with a Microsoft Entra ID credential: the token comes from the (fake) Entra endpoint, no key is sent', async () => {
  // Entra ID is HTTPS only: the fake authority uses a throwaway self-signed certificate.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const tokenRequests: URLSearchParams[] = [];
  const entra = createServer(selfSignedCertificate(), (req, res) => {
    const base = `https://127.0.0.1:${(entra.address() as { port: number }).port}`;
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      res.setHeader('content-type', 'application/json');
      if (path.endsWith('/v2.0/.well-known/openid-configuration')) {
        const tenant = path.split('/')[1];
        res.end(
          JSON.stringify({
            token_endpoint: `${base}/${tenant}/oauth2/v2.0/token`,
            authorization_endpoint: `${base}/${tenant}/oauth2/v2.0/authorize`,
            end_session_endpoint: `${base}/${tenant}/oauth2/v2.0/logout`,
            issuer: `${base}/${tenant}/v2.0`,
            jwks_uri: `${base}/${tenant}/discovery/v2.0/keys`,
          }),
        );
      } else if (path.endsWith('/oauth2/v2.0/token')) {
        const form = new URLSearchParams(Buffer.concat(parts).toString());
        tokenRequests.push(form);
        res.end(
          JSON.stringify({
            token_type: 'Bearer',
            expires_in: 3599,
            ext_expires_in: 3599,
            access_token: 'entra-issued-token',
          }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => entra.listen(0, '127.0.0.1', r));
  const openai = await startFakeOpenAIServer([{ content: ['Hello from Azure.'] }]);
  try {
    const port = (entra.address() as { port: number }).port;
    const credential = new ClientSecretCredential('tenant-1', 'client-1', 'client-secret', {
      authorityHost: `https://127.0.0.1:${port}`,
      disableInstanceDiscovery: true,
    });
    const llm = new AzureOpenAILLM({
      endpoint: openai.url,
      deployment: 'gpt-4o-deploy',
      credential,
    });
    const out = await complete(llm, { messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(out.text, 'Hello from Azure.');
    const sent = openai.requests[0]!;
    assert.equal(sent.headers.authorization, 'Bearer entra-issued-token');
    assert.equal(sent.headers['api-key'], undefined);
    assert.equal(sent.path, '/openai/deployments/gpt-4o-deploy/chat/completions');
    assert.equal(tokenRequests.length, 1);
    assert.equal(tokenRequests[0]!.get('grant_type'), 'client_credentials');
    assert.equal(tokenRequests[0]!.get('client_id'), 'client-1');
    assert.match(
      tokenRequests[0]!.get('scope') ?? '',
      /^https:\/\/cognitiveservices\.azure\.com\/\.default/,
    );
  } finally {
    await openai.close();
    entra.close();
  }
});
