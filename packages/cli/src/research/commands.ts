import { Option, type Command } from 'commander';
import { ResearchClient, STAGES, type StageName } from '@hikma/research-client';
import { CliError, EXIT } from '../errors.ts';
import type { Io } from '../io.ts';
import type { Settings } from '../settings.ts';
import { researchFailure } from './errors.ts';
import { savePaper, slugify } from './paper-files.ts';
import { runResearch } from './run.ts';
import { formatRun, formatRunList } from './show.ts';

function stageList(value: string): StageName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(STAGES as readonly string[]).includes(name)) {
      throw new CliError(
        'bad_stage',
        `unknown stage "${name}" (stages: ${STAGES.join(', ')})`,
        EXIT.usage,
      );
    }
  }
  return names as StageName[];
}

/** `hikma research run|status|list|paper`. */
export function registerResearchCommands(program: Command, settings: Settings, io: Io): void {
  const research = program
    .command('research')
    .description('run the research pipeline: a topic to a paper, with feedback at its pauses');
  const urlOption = () =>
    new Option(
      '--url <url>',
      'the research API (default: $HIKMA_RESEARCH_URL or http://127.0.0.1:8000/api)',
    );

  /** Runs `body` with a client for the service, reporting its failures for the terminal. */
  const withClient =
    <A extends unknown[]>(body: (client: ResearchClient, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const flags = args.at(-2) as { url?: string };
      const url = flags.url ?? settings.researchUrl;
      try {
        new URL(url);
      } catch {
        throw new CliError('invalid_url', `"${url}" is not a URL`, EXIT.usage);
      }
      try {
        await body(new ResearchClient({ baseUrl: url }), ...args);
      } catch (err) {
        throw researchFailure(err, url);
      }
    };

  research
    .command('run')
    .description(
      'start a run on a topic, follow it stage by stage, answer its pauses, save the paper',
    )
    .argument('<topic>', 'what to research')
    .requiredOption('--user <id>', 'the user the run is for (created when new)')
    .option('--domain <field>', "the user's field of study (set on the profile)")
    .option(
      '--pause-after <stages>',
      `stages to pause after, comma-separated (${STAGES.join(', ')})`,
    )
    .option('--no-pause', 'never pause for feedback')
    .option('-y, --yes', 'accept every pause without asking', false)
    .addOption(urlOption())
    .action(
      withClient(
        async (
          client,
          topic: string,
          flags: {
            user: string;
            domain?: string;
            pauseAfter?: string;
            pause: boolean;
            yes: boolean;
          },
        ) => {
          const pauseAfter = !flags.pause
            ? []
            : flags.pauseAfter
              ? stageList(flags.pauseAfter)
              : undefined;
          await runResearch(
            client,
            {
              user: flags.user,
              topic,
              yes: flags.yes,
              ...(flags.domain !== undefined ? { domain: flags.domain } : {}),
              ...(pauseAfter ? { pauseAfter } : {}),
            },
            io,
          );
        },
      ),
    );

  research
    .command('status')
    .description("a run's status, stage and latest summary")
    .argument('<run_id>')
    .option('--json', 'print the run snapshot as JSON')
    .addOption(urlOption())
    .action(
      withClient(async (client, runId: string, flags: { json?: boolean }) => {
        const run = await client.getRun(runId);
        io.stdout.write(flags.json ? `${JSON.stringify(run, null, 2)}\n` : formatRun(run));
      }),
    );

  research
    .command('list')
    .description('runs, newest first')
    .option('--user <id>', "only this user's runs")
    .option('--json', 'print the run snapshots as JSON')
    .addOption(urlOption())
    .action(
      withClient(async (client, flags: { user?: string; json?: boolean }) => {
        const runs = await client.listRuns(flags.user);
        io.stdout.write(flags.json ? `${JSON.stringify(runs, null, 2)}\n` : formatRunList(runs));
      }),
    );

  research
    .command('paper')
    .description("save a run's paper here as <topic>.tex and <topic>.pdf")
    .argument('<run_id>')
    .addOption(urlOption())
    .action(
      withClient(async (client, runId: string) => {
        const run = await client.getRun(runId);
        const files = await savePaper(client, runId, io.cwd, slugify(run.topic, run.run_id));
        if (files.pdf) io.stdout.write(`paper: ${files.pdf}\n`);
        else io.stderr.write('no PDF for this run (no LaTeX compiler, or the compile failed)\n');
        io.stdout.write(`LaTeX: ${files.tex}\n`);
      }),
    );
}
