import { Option, type Command } from 'commander';
import { readWavForVoice } from '../audio/wav.ts';
import type { Io } from '../io.ts';
import { secondsOption } from '../options.ts';
import type { Settings } from '../settings.ts';
import { say, talk, type VoiceOptions } from './turns.ts';

interface Flags {
  url?: string;
  apiKey?: string;
  out: string;
  timeout: number;
}

function withConnection(command: Command): Command {
  return command
    .option('--url <url>', 'the voice service (default: $HIKMA_VOICE_URL or http://127.0.0.1:8080)')
    .option(
      '--api-key <key>',
      'the tenant API key (default: $HIKMA_VOICE_API_KEY or the development key)',
    )
    .option('--out <file>', 'where to write the reply audio (WAV, 24 kHz mono)', 'reply.wav')
    .addOption(
      new Option('--timeout <seconds>', 'longest wait for the reply')
        .argParser(secondsOption)
        .default(60_000, '60'),
    );
}

/** `hikma voice say|talk`. */
export function registerVoiceCommands(program: Command, settings: Settings, io: Io): void {
  const options = (flags: Flags): VoiceOptions => ({
    url: flags.url ?? settings.voiceUrl,
    apiKey: flags.apiKey ?? settings.voiceApiKey,
    out: flags.out,
    timeoutMs: flags.timeout,
  });
  const voice = program
    .command('voice')
    .description('talk to the voice service: one turn, the reply printed and saved as WAV');

  withConnection(
    voice
      .command('say')
      .description('send text as a user turn (no speech recognition); print and save the reply')
      .argument('<text>', 'what to say'),
  ).action((text: string, flags: Flags) => say(text, options(flags), io));

  withConnection(
    voice
      .command('talk')
      .description('stream a WAV at real time as microphone audio; print the transcript and reply')
      .requiredOption(
        '--wav <file>',
        'speech to send (any WAV; converted by SoX unless 16 kHz mono PCM16)',
      ),
  ).action(async (flags: Flags & { wav: string }) => {
    const samples = await readWavForVoice(flags.wav);
    await talk(samples, options(flags), io);
  });
}
