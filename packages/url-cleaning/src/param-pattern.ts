/** Limits on a preserve-parameter pattern, enforced where rules are created (link-validation). */
export const PARAM_PATTERN_LIMITS = { maxLength: 100, maxWildcards: 4 } as const;

/** A compiled parameter-name pattern. */
export interface ParamPattern {
  test(name: string): boolean;
}

/**
 * A parameter-name pattern: `*` matches any run of characters, everything else itself; names
 * compare case-insensitively. No regular expression is built from the admin's text: the pattern
 * is split at its wildcards and the pieces are found left to right, each at its first place after
 * the previous one (the first place is always the best one for `*`-only patterns). That is linear
 * in the name for a given pattern, whatever the pattern, where a backtracking regular expression
 * for `*a*a*a*b` takes exponential time on a long name of a's; and it runs in shoppers' browsers.
 */
export function compileParamPattern(pattern: string): ParamPattern {
  const pieces = pattern.toLowerCase().split('*');
  if (pieces.length === 1) {
    const exact = pieces[0]!;
    return { test: (name) => name.toLowerCase() === exact };
  }
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const minLength = first.length + last.length;
  return {
    test(name) {
      const text = name.toLowerCase();
      if (text.length < minLength || !text.startsWith(first) || !text.endsWith(last)) return false;
      let from = first.length;
      const end = text.length - last.length;
      for (const piece of middle) {
        const at = text.indexOf(piece, from);
        if (at === -1 || at + piece.length > end) return false;
        from = at + piece.length;
      }
      return true;
    },
  };
}
