/** Bad arguments to a command (`npm run cost`, `npm run finance`): its usage text and exit code 2. */
export class UsageError extends Error {}

/**
 * A command's parsed arguments, or the exit code when there is nothing to run: 0 after printing the
 * usage for `--help`, 2 after printing what is wrong and the usage for bad arguments.
 */
export function argumentsOrExit<T extends object>(
  argv: string[],
  parse: (argv: string[]) => T | 'help',
  usage: string,
  out: (line: string) => void,
  err: (line: string) => void,
): T | number {
  try {
    const args = parse(argv);
    if (args !== 'help') return args;
    out(usage);
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`✖ ${error.message}\n\n${usage}`);
    return 2;
  }
}
