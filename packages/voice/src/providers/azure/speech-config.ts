import { SpeechConfig } from 'microsoft-cognitiveservices-speech-sdk';
import type { TokenCredential } from '@azure/identity';
import { AzureSpeechTokenProvider } from './speech-token.ts';
import type { SpeechTokenSource } from './speech-token.ts';

/**
 * Where the Speech resource is and how to authenticate. Speech may live in another region than
 * the LLM (DESIGN §2), so the location is its own setting. Give exactly one of `region`,
 * `endpoint` or `host`, and either a `tokenProvider` or a `resourceId` (+ optional `credential`).
 */
export interface AzureSpeechConnectionOptions {
  /** Region of the Speech resource, e.g. `westeurope` (regional endpoints). */
  region?: string;
  /** Full endpoint URL, e.g. the resource's custom domain `https://<name>.cognitiveservices.azure.com/`. */
  endpoint?: string;
  /** Host URL, e.g. `wss://westeurope.stt.speech.microsoft.com` (the SDK adds the path). */
  host?: string;
  /** Full ARM id of the Speech resource (`CLOUD_SPEECH_RESOURCE_ID`); needed without `tokenProvider`. */
  resourceId?: string;
  /** Entra ID credential for a provider built here; default `DefaultAzureCredential`. */
  credential?: TokenCredential;
  /** A shared token provider (one per resource is enough for STT and TTS together). */
  tokenProvider?: SpeechTokenSource;
}

/** The validated location and token source of a Speech adapter. */
export interface SpeechConnection {
  location: { kind: 'region' | 'endpoint' | 'host'; value: string };
  tokens: SpeechTokenSource;
  /** Set when the adapter built the provider itself (and so closes it). */
  ownsTokens: AzureSpeechTokenProvider | undefined;
}

/** Checks the options once, at construction: a misconfiguration fails at startup, not mid-call. */
export function resolveSpeechConnection(options: AzureSpeechConnectionOptions): SpeechConnection {
  const given = (['region', 'endpoint', 'host'] as const).filter((k) => options[k]);
  const kind = given[0];
  if (given.length !== 1 || kind === undefined) {
    throw new TypeError('Azure Speech needs exactly one of region, endpoint or host');
  }
  const value = options[kind] as string;
  if (kind !== 'region') new URL(value); // throws on a malformed URL
  if (options.tokenProvider) {
    return { location: { kind, value }, tokens: options.tokenProvider, ownsTokens: undefined };
  }
  const owned = new AzureSpeechTokenProvider({
    resourceId: options.resourceId ?? '',
    ...(options.credential ? { credential: options.credential } : {}),
  });
  return { location: { kind, value }, tokens: owned, ownsTokens: owned };
}

/** A fresh `SpeechConfig` for the location, authorised with `token` (`aad#…#…`). */
export function createSpeechConfig(connection: SpeechConnection, token: string): SpeechConfig {
  const { kind, value } = connection.location;
  if (kind === 'region') return SpeechConfig.fromAuthorizationToken(token, value);
  const config =
    kind === 'endpoint'
      ? SpeechConfig.fromEndpoint(new URL(value))
      : SpeechConfig.fromHost(new URL(value));
  config.authorizationToken = token;
  return config;
}
