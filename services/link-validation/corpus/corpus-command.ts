/**
 * The checker's accuracy on labelled product pages (README "Accuracy on real pages"): serves every
 * page of this folder's corpus, and of any other corpus folder named on the command line (same
 * labels.json format; a case id already seen is skipped), and the demo shops' pages, on loopback and prints stock and price
 * accuracy by group, the calibration of confidence, and every miss. Loopback only.
 *
 *   npm run corpus -w @celebstyle/link-validation [-- <corpus dir>...] [-- --json]
 */
import {
  calibration,
  demoShopCorpus,
  judgeCorpora,
  loadCorpus,
  OWN_CORPUS_DIR,
  score,
  type CaseResult,
  type Corpus,
  type Score,
} from './corpus.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const dirs = [OWN_CORPUS_DIR, ...args.filter((arg) => !arg.startsWith('--'))];

const seen = new Set<string>();
const corpora: Corpus[] = [demoShopCorpus()];
for (const dir of dirs) {
  const corpus = await loadCorpus(dir);
  corpora.push({ dir, cases: corpus.cases.filter((c) => !seen.has(c.id) && seen.add(c.id)) });
}
const started = performance.now();
const results = await judgeCorpora(corpora);
const seconds = (performance.now() - started) / 1000;

if (json) {
  console.log(JSON.stringify({ score: score(results), calibration: calibration(results), results }, null, 1));
} else {
  printTables(results);
}

function printTables(results: CaseResult[]): void {
  const percent = (part: number, whole: number) =>
    whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`;
  function row(label: string, pages: number, s: Score): string {
    return `| ${label} | ${pages} | ${s.stockCases} | ${percent(s.stockRight, s.stockCases)} | ${s.opposite} | ${s.none} | ${s.wrong} | ${s.priceCases} | ${percent(s.priceRight, s.priceCases)} |`;
  }

  const groups = new Map<string, CaseResult[]>();
  for (const result of results) {
    const key = `${result.case.tier}: ${result.case.group}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  console.log(
    `${results.length} pages from the demo shops and ${dirs.join(', ')} in ${seconds.toFixed(1)} s\n`,
  );
  console.log(
    '| tier: group | pages | stock stated | stock right | opposite | no answer | other wrong | price stated | price right |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [group, groupResults] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(row(group, groupResults.length, score(groupResults)));
  }
  const real = results.filter((r) => r.case.tier !== 'synthetic');
  console.log(row('**real and excerpt pages**', real.length, score(real)));
  const all = score(results);
  console.log(row('**all**', results.length, all));

  console.log('\n| confidence | stock answers | right |');
  console.log('| --- | ---: | ---: |');
  for (const band of calibration(results)) {
    console.log(`| ${band.band} | ${band.answers} | ${percent(band.right, band.answers)} |`);
  }
  const confident = results.filter((r) => r.stock !== null && r.result.confidence >= 0.8);
  console.log(
    `\nconfidence ≥ 0.8: ${confident.length} answers, ${percent(confident.filter((r) => r.stock === 'right').length, confident.length)} right`,
  );

  const misses = results.filter((r) => (r.stock !== null && r.stock !== 'right') || r.priceRight === false);
  if (misses.length > 0) console.log('\nMisses:');
  for (const { case: c, result, stock, priceRight } of misses) {
    const expected = JSON.stringify(c.expected);
    const got = `${result.linkStatus} ${result.stockStatus ?? '-'} ${result.price ?? '-'} ${result.currency ?? '-'} (${result.confidence})`;
    console.log(
      `- ${c.id}: expected ${expected}, got ${got}; stock ${stock ?? 'n/a'}, price ${priceRight ?? 'n/a'}${result.errorMessage ? ` — ${result.errorMessage}` : ''}`,
    );
  }
}
