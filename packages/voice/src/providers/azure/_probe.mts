import * as sdk from 'microsoft-cognitiveservices-speech-sdk';
import { SpeechConfig, PropertyId, AudioInputStream, AudioConfig, AutoDetectSourceLanguageConfig, SpeechRecognizer, SpeechSynthesisOutputFormat, ResultReason, CancellationReason } from 'microsoft-cognitiveservices-speech-sdk';
console.log(typeof SpeechConfig, typeof sdk.SpeechRecognizer, PropertyId.SpeechServiceConnection_LanguageIdMode, SpeechSynthesisOutputFormat.Raw24Khz16BitMonoPcm, ResultReason.RecognizedSpeech, CancellationReason.Error);
const c = SpeechConfig.fromSubscription('x', 'westeurope');
const s = AudioInputStream.createPushStream(sdk.AudioStreamFormat.getWaveFormatPCM(16000,16,1));
const a = AudioConfig.fromStreamInput(s);
const ad = AutoDetectSourceLanguageConfig.fromLanguages(['ar-SA','en-US']);
console.log(Object.keys(sdk).length, c.region);
