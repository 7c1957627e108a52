// Bounds on single tokens and names: a hostile file cannot make the readers build a huge string
// (engines cap strings at a few hundred million characters and would throw their own error).

/** Longest number token read, in bytes. */
export const MAX_NUMBER_LENGTH = 1024;

/** Longest name (of an STL solid, of an OBJ object) read, in bytes. */
export const MAX_NAME_BYTES = 65536;
