/** The middle value of a bench's rounds (the upper middle of an even count); the input is not reordered. */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
