import { useEffect, useState } from 'react';
import {
  bannerText,
  byDomain,
  inputOf,
  isNotFound,
  rulesApi,
  type CleaningRule,
  type RuleInput,
} from './api.ts';
import { RuleDialog } from './rule-dialog.tsx';
import { RulesTable } from './rules-table.tsx';
import { TestUrlBox } from './test-url-box.tsx';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; rule: CleaningRule };

/** link-health-and-routes.md §2.4 URL Cleaning Rules (/admin/url-settings), §4.7 lifecycle, §8 banners. */
export default function UrlSettingsPage() {
  const [rules, setRules] = useState<CleaningRule[]>([]);
  const [loading, setLoading] = useState(true);
  const [banner, setBanner] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    let live = true;
    rulesApi
      .list()
      .then(
        (loaded) => live && setRules(loaded),
        (e: unknown) => live && setBanner(bannerText('Failed to load rules', e)),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const replace = (rule: CleaningRule) =>
    setRules((current) => current.map((r) => (r._id === rule._id ? rule : r)).sort(byDomain));
  const drop = (id: string) => setRules((current) => current.filter((r) => r._id !== id));
  const setBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  /** A rule that vanished meanwhile (another admin deleted it): say so and leave it out. */
  function gone(id: string) {
    drop(id);
    setBanner('Rule not found');
  }

  async function toggle(rule: CleaningRule) {
    setBanner(null);
    setBusy(rule._id, true);
    try {
      replace(await rulesApi.update(rule._id, { ...inputOf(rule), active: !rule.active }));
    } catch (e) {
      if (isNotFound(e)) gone(rule._id);
      else setBanner(bannerText('Failed to update rule', e));
    } finally {
      setBusy(rule._id, false);
    }
  }

  async function remove(rule: CleaningRule) {
    // §5: deleting a rule requires confirmation.
    if (!window.confirm('Are you sure you want to delete this rule?')) return;
    setBanner(null);
    setBusy(rule._id, true);
    try {
      await rulesApi.remove(rule._id);
      drop(rule._id);
    } catch (e) {
      if (isNotFound(e)) gone(rule._id);
      else setBanner(bannerText('Failed to delete rule', e));
    } finally {
      setBusy(rule._id, false);
    }
  }

  /** Called by the dialog; a rejection's message is shown inside the dialog, which stays open. */
  async function save(input: RuleInput) {
    const editing = dialog.mode === 'edit' ? dialog.rule : null;
    try {
      if (editing) {
        replace(await rulesApi.update(editing._id, input));
      } else {
        const created = await rulesApi.create(input);
        setRules((current) => [...current, created].sort(byDomain));
      }
    } catch (e) {
      if (editing && isNotFound(e)) {
        gone(editing._id);
        setDialog({ mode: 'closed' });
        return;
      }
      throw new Error(bannerText('Failed to save rule', e));
    }
    setBanner(null);
    setDialog({ mode: 'closed' });
  }

  return (
    <section className="url-settings">
      <div className="page-head">
        <h1>URL Cleaning Rules</h1>
        <button type="button" onClick={() => setDialog({ mode: 'add' })}>
          Add Rule
        </button>
      </div>
      {banner && (
        <p role="alert" className="banner">
          {banner}
        </p>
      )}
      <TestUrlBox />
      <RulesTable
        rules={rules}
        loading={loading}
        search={search}
        onSearch={setSearch}
        busyIds={busyIds}
        onToggle={(rule) => void toggle(rule)}
        onEdit={(rule) => setDialog({ mode: 'edit', rule })}
        onDelete={(rule) => void remove(rule)}
      />
      {dialog.mode !== 'closed' && (
        <RuleDialog
          key={dialog.mode === 'edit' ? dialog.rule._id : 'add'}
          rule={dialog.mode === 'edit' ? dialog.rule : null}
          onSave={save}
          onCancel={() => setDialog({ mode: 'closed' })}
        />
      )}
    </section>
  );
}
