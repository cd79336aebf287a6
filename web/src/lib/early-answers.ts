/**
 * Answers /route-preload.js started fetching as the page began loading (route-preload-plugin.ts),
 * keyed by their /api URL. Each is taken once: later reads of the same URL go to the network.
 */
export const EARLY_ANSWERS_GLOBAL = '__celebstyleEarlyAnswers';

type EarlyAnswers = Record<string, Promise<Response> | undefined>;

export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const answers = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWERS_GLOBAL];
  const answer = answers?.[url];
  if (answer) delete answers[url];
  return answer;
}
