import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  bannerText,
  inputOf,
  isNotFound,
  type CleaningRule,
  type RuleInput,
} from '../api/url-settings-api.ts';
import {
  useBusyRuleIds,
  useDeleteRule,
  useRules,
  useSaveRule,
  useUpdateRule,
} from '../api/url-settings-queries.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { RulesTable } from './rules-table.tsx';
import { TestUrlBox } from './test-url-box.tsx';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; rule: CleaningRule };

/** link-health-and-routes.md §2.4 URL Cleaning Rules (/admin/url-settings), §4.7 lifecycle, §8 banners. */
export default function UrlSettingsPage() {
  const rules = useRules();
  const saveRule = useSaveRule();
  const updateRule = useUpdateRule();
  const deleteRule = useDeleteRule();
  const busyIds = useBusyRuleIds();
  const [banner, setBanner] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<CleaningRule | null>(null);

  /** A rule that vanished meanwhile (another admin deleted it): say so; the reloaded list leaves it out. */
  const failed = (base: string) => (e: unknown) =>
    setBanner(isNotFound(e) ? 'Rule not found' : bannerText(base, e));

  function toggle(rule: CleaningRule) {
    setBanner(null);
    updateRule.mutate(
      { id: rule._id, input: { ...inputOf(rule), active: !rule.active } },
      { onError: failed('Failed to update rule') },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    setBanner(null);
    deleteRule.mutate(
      { id: deleting._id },
      {
        onSuccess: () => setDeleting(null),
        onError: (e) => {
          setDeleting(null);
          failed('Failed to delete rule')(e);
        },
      },
    );
  }

  /** Called by the dialog; a rejection's message is shown inside the dialog, which stays open. */
  async function save(input: RuleInput) {
    const editing = dialog.mode === 'edit' ? dialog.rule : null;
    try {
      await saveRule.mutateAsync({ id: editing?._id, input });
    } catch (e) {
      if (editing && isNotFound(e)) {
        setBanner('Rule not found');
        setDialog({ mode: 'closed' });
        return;
      }
      throw new Error(bannerText('Failed to save rule', e));
    }
    setBanner(null);
    setDialog({ mode: 'closed' });
  }

  const loadError = rules.isError ? bannerText('Failed to load rules', rules.error) : null;
  return (
    <section className="url-settings">
      <div className="page-head">
        <h1>URL Cleaning Rules</h1>
        <button type="button" onClick={() => setDialog({ mode: 'add' })}>
          Add Rule
        </button>
      </div>
      {(banner ?? loadError) && (
        <p role="alert" className="banner">
          {banner ?? loadError}
        </p>
      )}
      <TestUrlBox />
      <RulesTable
        rules={rules.data ?? []}
        state={rules.isPending ? 'loading' : rules.isError ? 'failed' : 'loaded'}
        search={search}
        onSearch={setSearch}
        busyIds={busyIds}
        onToggle={toggle}
        onEdit={(rule) => setDialog({ mode: 'edit', rule })}
        onDelete={setDeleting}
      />
      {dialog.mode !== 'closed' && (
        <RuleDialog
          key={dialog.mode === 'edit' ? dialog.rule._id : 'add'}
          rule={dialog.mode === 'edit' ? dialog.rule : null}
          onSave={save}
          onCancel={() => setDialog({ mode: 'closed' })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Rule"
        message="Are you sure you want to delete this rule?"
        confirmLabel="Delete"
        danger
        busy={deleteRule.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
