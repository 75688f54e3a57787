import { read } from 'read';

/**
 * Asks one line on the terminal, on stderr so stdout keeps only results. `hidden`: nothing
 * typed is shown (the terminal is put in raw mode and readline's echo is muted). Rejects
 * with "canceled" on Ctrl+C.
 */
export async function ask(question: string, opts: { hidden?: boolean } = {}): Promise<string> {
  const answer = await read({
    prompt: question,
    silent: opts.hidden,
    input: process.stdin,
    output: process.stderr,
    terminal: process.stdin.isTTY === true,
  });
  // The Enter of a hidden answer is not echoed either: end the prompt's line.
  if (opts.hidden) process.stderr.write('\n');
  return answer;
}
