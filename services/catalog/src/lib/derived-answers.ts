import { LRUCache } from 'lru-cache';

/** Distinct derived answers kept per source object (limits × pages × sorts actually asked for). */
const PER_SOURCE = 256;

/**
 * Answers derived from a cached aggregate (trending from the celebrity directory, the show list
 * from the show catalogue) are derived once per aggregate object and key instead of per request.
 * The aggregate caches hand back the same object while an entry lives, so the derived answer is
 * the same object too and its serialized bytes are reused (plugins/serialized-answer.ts); a
 * refreshed aggregate is a new object, and its derived answers start afresh.
 */
export function derivedAnswers<Source extends object, Answer extends object>() {
  const bySource = new WeakMap<Source, LRUCache<string, Answer>>();
  return function derived(source: Source, key: string, derive: () => Answer): Answer {
    let answers = bySource.get(source);
    if (!answers) {
      answers = new LRUCache<string, Answer>({ max: PER_SOURCE });
      bySource.set(source, answers);
    }
    let answer = answers.get(key);
    if (!answer) {
      answer = derive();
      answers.set(key, answer);
    }
    return answer;
  };
}
