import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';

/**
 * Comments, READMEs and test names cite only what a reader holding the repository can open: a spec
 * section (`storefront.md §4`), docs/design.md, docs/conventions.md or a README section. Issue
 * numbers and documents kept outside the repository mean nothing to that reader
 * (docs/conventions.md: Naming, size, comments).
 */

/** The product documents, kept word for word (see .prettierignore), and the lock file. */
const NOT_SCANNED = [
  /^docs\/spec\//,
  /^docs\/design\.md$/,
  /^docs\/conventions\.md$/,
  /^package-lock\.json$/,
];
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|mp4|webm|woff2?|ttf|otf|gz|br|zip|pdf)$/i;

/** An issue cited by number: the word issue or issues, an optional #, then a digit. */
const ISSUE_NUMBER = /\bissues? #?\d/i;
/** A file name ending in .md (a README section, a spec or another document). */
const MARKDOWN_NAME = /(?<![\w/.:-]\/\/[^\s)]*)[\w.-]*[\w-]\.md\b/g;
/** A relative path into a `shared` folder, which must be one of the repository's own. */
const SHARED_PATH = /(?:\.\.\/)+shared\/[\w./-]*/g;

interface OutsideReference {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Every line of `content` (the tracked file `file`) that cites something outside the repository. */
function outsideReferences(
  file: string,
  content: string,
  tracked: { files: Set<string>; markdownNames: Set<string> },
): OutsideReference[] {
  const found: OutsideReference[] = [];
  content.split('\n').forEach((text, index) => {
    const at = (why: string) => found.push({ file, line: index + 1, text: text.trim(), why });
    if (ISSUE_NUMBER.test(text)) at('an issue number');
    for (const [name] of text.matchAll(MARKDOWN_NAME)) {
      if (!tracked.markdownNames.has(path.posix.basename(name))) at(`${name} is not in the repository`);
    }
    for (const [relative] of text.matchAll(SHARED_PATH)) {
      const target = path.posix
        .normalize(path.posix.join(path.posix.dirname(file), relative))
        .replace(/\/$/, '');
      const inRepository =
        !target.startsWith('..') &&
        (tracked.files.has(target) || [...tracked.files].some((f) => f.startsWith(`${target}/`)));
      if (!inRepository) at(`${relative} is not in the repository`);
    }
  });
  return found;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((file) => file !== '');
}

describe('references a reader can open', () => {
  const files = trackedFiles();
  const tracked = {
    files: new Set(files),
    markdownNames: new Set(files.filter((f) => f.endsWith('.md')).map((f) => path.posix.basename(f))),
  };
  // Built from parts so that this file itself holds none of the citations it looks for.
  const issue = ['issue', '3 item 8'].join(' ');
  const outsideDoc = ['TEAM', 'md'].join('.');
  const shared = ['..', 'shared'].join('/');

  it('tells an issue number, an outside document and an outside shared path from those of the repository', () => {
    const lines = [
      `// ${issue}: cached answers`,
      `/** ${outsideDoc}: fixed ports. */`,
      `Spec: \`${shared}/spec/storefront.md\`.`,
      `import { isValidEmail } from '${shared}/email-address.ts';`,
      '// storefront.md §5: slug rule (docs/design.md, Data ownership; see deploy/README.md)',
    ];
    const why = outsideReferences('web/src/example.ts', lines.join('\n'), {
      files: new Set(['web/shared/email-address.ts', 'docs/spec/storefront.md', 'docs/design.md']),
      markdownNames: new Set(['storefront.md', 'design.md', 'README.md']),
    }).map((r) => `${r.line}: ${r.why}`);
    expect(why).toEqual([
      '1: an issue number',
      `2: ${outsideDoc} is not in the repository`,
      `3: ${shared}/spec/storefront.md is not in the repository`,
    ]);
  });

  it('finds none in any tracked file but the product documents and the lock file', () => {
    const found = files
      .filter((file) => !NOT_SCANNED.some((pattern) => pattern.test(file)) && !BINARY.test(file))
      .filter((file) => existsSync(path.join(REPO_ROOT, file)))
      .flatMap((file) => {
        const content = readFileSync(path.join(REPO_ROOT, file), 'utf8');
        return content.includes('\0') ? [] : outsideReferences(file, content, tracked);
      })
      .map((r) => `${r.file}:${r.line}: ${r.why}: ${r.text}`);
    expect(found).toEqual([]);
  });
});
