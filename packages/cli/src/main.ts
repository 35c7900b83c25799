import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './errors.ts';
import { processIo, type Io } from './io.ts';
import { readSettings } from './settings.ts';
import { registerResearchCommands } from './research/commands.ts';
import { registerVoiceCommands } from './voice/commands.ts';

const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** Runs `hikma` with `argv` (as `process.argv`: node, script, arguments); returns the exit code. */
export async function main(
  argv: string[],
  io: Io = processIo(),
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const settings = readSettings(env);
  const program = new Command('hikma')
    .description('terminal client of the hikma voice and research services')
    .version(version)
    .exitOverride()
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  registerVoiceCommands(program, settings, io);
  registerResearchCommands(program, settings, io);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (err instanceof CliError) {
      io.stderr.write(`hikma: ${err.message} [${err.code}]\n`);
      return err.exitCode;
    }
    io.stderr.write(`hikma: ${(err as Error).stack ?? String(err)}\n`);
    return EXIT.failure;
  }
}
