import { imageAddressProblem } from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';

/** A name an admin typed: trimmed, never blank. */
export function requiredText(field: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`${field} must not be blank`);
  return trimmed;
}

/** An optional text: trimmed, blank becomes null. */
export function optionalText(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** An optional image address: trimmed, blank becomes null, else the contracts' address rule. */
export function optionalImage(field: string, value: string | null): string | null {
  const image = optionalText(value);
  const problem = image === null ? null : imageAddressProblem(field, image);
  if (problem) throw badRequest(problem);
  return image;
}

/** A list of names: trimmed, blanks dropped, duplicates (any case) dropped, order kept. */
export function nameList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.flatMap((value) => {
    const name = value.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) return [];
    seen.add(key);
    return [name];
  });
}
