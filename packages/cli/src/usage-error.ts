/** A mistake in how the command was called: exit code 2, with the usage shown. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A problem with the user's input (a file, a pose, a number): exit code 1. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}
