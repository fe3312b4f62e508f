/**
 * `statechart-side-by-side "<command>" "<command>" …`: runs shell commands at once, so that a
 * product's `npm test` uses both cores of a 2-core machine: its Chromium tests spend much of their
 * time waiting on the browser, and the other tests (with tsc) fill that time. One Vitest process
 * cannot do it: a project whose files run one at a time (the Chromium ones share the built app)
 * keeps every project to one worker.
 *
 * The first command's output is shown as it comes (the one to watch); each other's is shown whole
 * when it ends, so that no two interleave. Every command runs to its end even when another failed
 * (one run shows every failure); the exit code is 1 when any failed. The last lines name each
 * command with its exit code and time.
 */
import { spawn } from 'node:child_process';

interface Outcome {
  command: string;
  code: number;
  seconds: number;
}

/** Runs `commands` at once in a shell each; resolves when all have ended. */
export function runSideBySide(
  commands: readonly string[],
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<Outcome[]> {
  return Promise.all(
    commands.map(
      (command, index) =>
        new Promise<Outcome>((resolve) => {
          const start = performance.now();
          const streamed = index === 0;
          const child = spawn(command, {
            shell: true,
            // The first keeps the terminal (Vitest's live summary); the others write to a pipe.
            stdio: streamed ? 'inherit' : ['inherit', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
          const end = (code: number) => {
            const seconds = (performance.now() - start) / 1000;
            if (!streamed) write(`\n── ${command} (exit ${code}, ${seconds.toFixed(1)} s) ──\n${output}`);
            resolve({ command, code, seconds });
          };
          child.on('error', (error) => {
            output += `${error.message}\n`;
            end(127);
          });
          // A command ended by a signal has no code: it failed.
          child.on('close', (code) => end(code ?? 1));
        }),
    ),
  );
}

/** The command (bin/side-by-side.mjs). */
export async function main(commands: string[] = process.argv.slice(2)): Promise<void> {
  if (commands.length === 0) {
    console.error('Usage: statechart-side-by-side "<command>" "<command>" …   (runs them at once)');
    process.exitCode = 1;
    return;
  }
  const outcomes = await runSideBySide(commands);
  console.log('');
  for (const { command, code, seconds } of outcomes) {
    console.log(`${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s: ${command}`);
  }
  if (outcomes.some(({ code }) => code !== 0)) process.exitCode = 1;
}
