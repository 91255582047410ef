import cliProgress from 'cli-progress';
import type { SeedProgress } from './seed-demo.ts';

/**
 * The seed's progress on stderr, one bar per phase: on a terminal a bar that redraws itself, and
 * otherwise (a log file, a benchmark's pipe) a plain line every few seconds and at each phase's end.
 */
export function seedProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  let bar: cliProgress.SingleBar | null = null;
  let phase: SeedProgress['phase'] | null = null;
  const stop = () => {
    bar?.stop();
    bar = null;
    phase = null;
  };
  return {
    update(progress: SeedProgress) {
      if (progress.phase !== phase) {
        stop();
        phase = progress.phase;
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: `${progress.phase.padEnd(15)} [{bar}] {value}/{total} {percentage}% | {duration_formatted}`,
            hideCursor: true,
            noTTYOutput: true,
            notTTYSchedule: 5000,
            // Off a terminal every line already ends in a newline; the one added at the end would
            // leave a blank line (and clearing does nothing there).
            clearOnComplete: !stream.isTTY,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(progress.total, 0);
      }
      bar!.update(progress.done);
    },
    /** Ends the last bar, leaving its final state on screen. */
    stop,
  };
}
