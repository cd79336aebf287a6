import { beforeAll, describe, expect, it } from 'vitest';
import {
  calibration,
  demoShopCorpus,
  judgeCorpora,
  loadCorpus,
  OWN_CORPUS_DIR,
  score,
  type CaseResult,
} from '../../corpus/corpus.ts';

// The targets of the service README's "Accuracy on real pages", over the labelled pages in corpus/
// (pages saved from real shops by other projects' test suites, and pages written for the checker).
let results: CaseResult[];

beforeAll(async () => {
  results = await judgeCorpora([demoShopCorpus(), await loadCorpus(OWN_CORPUS_DIR)]);
}, 120_000);

const misses = (test: (result: CaseResult) => boolean) =>
  results
    .filter(test)
    .map(
      ({ case: c, result }) =>
        `${c.id}: ${result.linkStatus} ${result.price} ${result.currency} (${result.confidence})`,
    );

describe('the checker on the labelled corpus', () => {
  it('is right about stock on at least 95% of the pages that state it', () => {
    const s = score(results);
    expect(s.stockCases).toBeGreaterThanOrEqual(20);
    expect(
      s.stockRight / s.stockCases,
      misses((r) => r.stock !== null && r.stock !== 'right').join('\n'),
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('says the opposite stock on at most 2% of them, and nothing at all on at most 5%', () => {
    const s = score(results);
    expect(s.opposite / s.stockCases, misses((r) => r.stock === 'opposite').join('\n')).toBeLessThanOrEqual(
      0.02,
    );
    expect(s.none / s.stockCases, misses((r) => r.stock === 'none').join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('is right about price and currency on at least 95% of the pages that state a price', () => {
    const s = score(results);
    expect(s.priceCases).toBeGreaterThanOrEqual(20);
    expect(
      s.priceRight / s.priceCases,
      misses((r) => r.priceRight === false).join('\n'),
    ).toBeGreaterThanOrEqual(0.95);
  });

  it('is right at least 98% of the time when its confidence is 0.8 or more', () => {
    const confident = calibration(results).filter((band) => band.low >= 0.8);
    const answers = confident.reduce((sum, band) => sum + band.answers, 0);
    const right = confident.reduce((sum, band) => sum + band.right, 0);
    expect(answers).toBeGreaterThan(0);
    expect(right / answers).toBeGreaterThanOrEqual(0.98);
  });
});
