// The real Speech SDK, offline: the objects the adapters build exist, take the settings we
// give them, and can be created and closed without a network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AudioConfig,
  AudioInputStream,
  AudioStreamFormat,
  AutoDetectSourceLanguageConfig,
  LanguageIdMode,
  PropertyId,
  SpeechSynthesisOutputFormat,
} from 'microsoft-cognitiveservices-speech-sdk';
import { createSdkRecognizer } from './azure-stt.ts';
import { createSdkSynthesizer } from './azure-tts.ts';
import { createSpeechConfig, resolveSpeechConnection } from './speech-config.ts';
import { AzureSpeechTokenProvider } from './speech-token.ts';
import { FakeCredential, TEST_RESOURCE_ID } from './testing.ts';

const TOKEN = `aad#${TEST_RESOURCE_ID}#offline-token`;

function connection(location: { region?: string; endpoint?: string; host?: string }) {
  const tokenProvider = new AzureSpeechTokenProvider({
    resourceId: TEST_RESOURCE_ID,
    credential: new FakeCredential(),
  });
  return resolveSpeechConnection({ ...location, tokenProvider });
}

test('a real recognizer with continuous language identification over a push stream', async () => {
  const config = createSpeechConfig(connection({ region: 'westeurope' }), TOKEN);
  config.setProperty(PropertyId.SpeechServiceConnection_LanguageIdMode, 'Continuous');
  config.setProperty(PropertyId.Speech_SegmentationSilenceTimeoutMs, '400');
  assert.equal(config.authorizationToken, TOKEN);
  assert.equal(config.region, 'westeurope');
  const audioStream = AudioInputStream.createPushStream(
    AudioStreamFormat.getWaveFormatPCM(16000, 16, 1),
  );
  audioStream.write(new ArrayBuffer(3200));
  const audioConfig = AudioConfig.fromStreamInput(audioStream);
  const autoDetect = AutoDetectSourceLanguageConfig.fromLanguages(['ar-SA', 'en-US']);
  autoDetect.mode = LanguageIdMode.Continuous;
  const recognizer = createSdkRecognizer({
    speechConfig: config,
    audioConfig,
    audioStream,
    autoDetect,
  });
  assert.equal(recognizer.authorizationToken, TOKEN);
  recognizer.authorizationToken = `${TOKEN}-refreshed`;
  assert.equal(recognizer.authorizationToken, `${TOKEN}-refreshed`);
  const props = (recognizer as unknown as { properties: { getProperty(id: string): string } })
    .properties;
  assert.equal(
    props.getProperty(PropertyId[PropertyId.SpeechServiceConnection_AutoDetectSourceLanguages]),
    'ar-SA,en-US',
  );
  assert.equal(
    props.getProperty(PropertyId[PropertyId.SpeechServiceConnection_LanguageIdMode]),
    'Continuous',
  );
  assert.equal(
    props.getProperty(PropertyId[PropertyId.Speech_SegmentationSilenceTimeoutMs]),
    '400',
  );
  // the handlers the adapter sets are plain properties
  recognizer.recognizing = () => {};
  recognizer.canceled = undefined;
  audioStream.close();
  await new Promise<void>((resolve, reject) => recognizer.close(resolve, reject));
});

test('a real synthesizer for raw 24 kHz PCM with no audio device', async () => {
  for (const location of [
    { region: 'swedencentral' },
    { endpoint: 'https://speech-test.cognitiveservices.azure.com/' },
    { host: 'wss://swedencentral.tts.speech.microsoft.com' },
  ]) {
    const config = createSpeechConfig(connection(location), TOKEN);
    config.speechSynthesisOutputFormat = SpeechSynthesisOutputFormat.Raw24Khz16BitMonoPcm;
    assert.equal(config.authorizationToken, TOKEN);
    assert.equal(
      config.getProperty(PropertyId[PropertyId.SpeechServiceConnection_SynthOutputFormat]),
      'Raw24Khz16BitMonoPcm', // the SDK sends it as raw-24khz-16bit-mono-pcm
    );
    const synthesizer = createSdkSynthesizer(config);
    assert.equal(synthesizer.authorizationToken, TOKEN);
    synthesizer.synthesizing = () => {};
    synthesizer.wordBoundary = () => {};
    await new Promise<void>((resolve, reject) => synthesizer.close(resolve, reject));
  }
});
