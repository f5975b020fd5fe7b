import cliProgress from 'cli-progress';

/**
 * The command-line tools' progress bar (rebuild, verify-log, verify-read-models): the same look,
 * and plain lines every 2 s when the output is not a terminal.
 */
export function progressBar(format: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    {
      format,
      barCompleteChar: '\u2588',
      barIncompleteChar: '\u2591',
      hideCursor: true,
      etaBuffer: 50,
      fps: 10,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
}
