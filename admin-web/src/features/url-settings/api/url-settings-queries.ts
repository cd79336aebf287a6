import { queryOptions, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { byDomain, rulesApi, type CleaningRule, type RuleInput } from './url-settings-api.ts';

const RULES = ['url-cleaning-rules'] as const;

/** link-health-and-routes.md §7: every rule, shown sorted by domain. */
export const getRulesQueryOptions = () =>
  queryOptions({
    queryKey: [...RULES, 'list'],
    queryFn: rulesApi.list,
    select: (rules: CleaningRule[]) => [...rules].sort(byDomain),
  });

export function useRules() {
  return useQuery(getRulesQueryOptions());
}

/** Every write: afterwards (success or failure, e.g. a rule another admin deleted) the list reloads. */
function useRuleMutation<V>(mutationFn: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...RULES, 'write'],
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: RULES }),
  });
}

/** Add (no id) or edit a rule. */
export function useSaveRule() {
  return useRuleMutation(({ id, input }: { id?: string; input: RuleInput }) =>
    id ? rulesApi.update(id, input) : rulesApi.create(input),
  );
}

/** PUT with the rule's current fields and the status flipped. */
export function useUpdateRule() {
  return useRuleMutation(({ id, input }: { id: string; input: RuleInput }) => rulesApi.update(id, input));
}

export function useDeleteRule() {
  return useRuleMutation(({ id }: { id: string }) => rulesApi.remove(id));
}

/** Ids of rules with a write in flight (their row's buttons are disabled meanwhile). */
export function useBusyRuleIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: [...RULES, 'write'], status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id?: string } | undefined)?.id,
  });
  return new Set(ids.filter((id): id is string => Boolean(id)));
}
