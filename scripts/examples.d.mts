/** One example: where it stands and its code. */
export interface DocExample {
  where: string;
  code: string;
}

/** The ```ts blocks of the package's README and of the TSDoc comments in its src/. */
export function collectExamples(packageDir: string): DocExample[];
