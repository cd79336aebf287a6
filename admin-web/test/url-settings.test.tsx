import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CleaningRule } from '@celebstyle/contracts';
import UrlSettingsPage from '../src/features/url-settings/components/url-settings-page.tsx';
import { TestProviders } from './providers.tsx';

type Call = { method: string; url: string; body: unknown };

const rule = (over: Partial<CleaningRule> & Pick<CleaningRule, '_id' | 'domain'>): CleaningRule => ({
  preserveParams: [],
  active: true,
  notes: null,
  ...over,
});

const RULES = [
  rule({ _id: 'r1', domain: 'amazon.com', preserveParams: ['tag'], notes: 'Associates tag' }),
  rule({ _id: 'r2', domain: 'asos.com', active: false }),
  rule({ _id: 'r3', domain: 'zara.com', notes: 'keeps utm for the partner team' }),
];

/**
 * A fake link-validation service holding `initial`: GET answers the current rules, POST, PUT and
 * DELETE change them; every call is recorded.
 */
function serve(initial: CleaningRule[], create?: (body: unknown) => Response) {
  const calls: Call[] = [];
  let rules = [...initial];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      calls.push({ method, url, body });
      const id = url.split('/').pop();
      if (method === 'GET') return Response.json({ rules });
      if (method === 'PUT') {
        const updated = { _id: id, ...(body as object) } as CleaningRule;
        rules = rules.map((r) => (r._id === id ? updated : r));
        return Response.json({ rule: updated });
      }
      if (method === 'DELETE') {
        rules = rules.filter((r) => r._id !== id);
        return Response.json({ success: true, message: 'Rule deleted' });
      }
      if (url.endsWith('/preview'))
        return Response.json({ original: (body as { url: string }).url, cleaned: null });
      if (method === 'POST' && url === '/api/admin/url-cleaning-rules') {
        if (create) return create(body);
        const created = { _id: 'new', notes: null, ...(body as object) } as CleaningRule;
        rules = [...rules, created];
        return Response.json({ rule: created }, { status: 201 });
      }
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <TestProviders>
      <UrlSettingsPage />
    </TestProviders>,
  );

async function openAddDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
  return screen.getByRole('dialog', { name: 'Add Rule' });
}

describe('URL Cleaning Rules page', () => {
  it('says so when no rules are configured yet', async () => {
    serve([]);
    renderPage();
    expect(screen.getByText('Loading rules...')).toBeInTheDocument();
    expect(await screen.findByText('No URL cleaning rules configured yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the rules with None, No notes and the status', async () => {
    serve(RULES);
    renderPage();
    const asos = (await screen.findByRole('rowheader', { name: 'asos.com' })).closest('tr')!;
    expect(within(asos).getByText('None')).toBeInTheDocument();
    expect(within(asos).getByText('No notes')).toBeInTheDocument();
    expect(within(asos).getByRole('button', { name: 'Inactive' })).toBeInTheDocument();
    const amazon = screen.getByRole('rowheader', { name: 'amazon.com' }).closest('tr')!;
    expect(within(amazon).getByText('tag')).toBeInTheDocument();
    expect(within(amazon).getByRole('button', { name: 'Active' })).toBeInTheDocument();
  });

  it('filters by domain or notes, case-insensitively, and says when nothing matches', async () => {
    serve(RULES);
    renderPage();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search rules' });
    const domains = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

    await userEvent.type(search, 'ASO');
    expect(domains()).toEqual(['asos.com']);

    await userEvent.clear(search);
    await userEvent.type(search, 'partner');
    expect(domains()).toEqual(['zara.com']);

    await userEvent.clear(search);
    await userEvent.type(search, 'ebay');
    expect(screen.getByText('No rules match your search.')).toBeInTheDocument();
    expect(domains()).toEqual([]);
  });

  it('adds preserve parameters with Enter and Add, ignoring blanks and duplicates, and removes chips', async () => {
    serve([]);
    renderPage();
    await screen.findByText('No URL cleaning rules configured yet.');
    const dialog = await openAddDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const entry = within(dialog).getByLabelText('Preserve Parameters');
    expect(entry).toHaveAttribute('placeholder', expect.stringContaining('*'));
    const chips = () =>
      within(dialog)
        .queryAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent);

    await userEvent.type(entry, '  tag {Enter}');
    await userEvent.type(entry, 'utm_*');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await userEvent.type(entry, '   {Enter}'); // blank
    await userEvent.type(entry, 'TAG{Enter}'); // duplicate, case-insensitive
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' })); // empty
    expect(chips()).toEqual(['tag', 'utm_*']);
    expect(entry).toHaveValue('');
    // Enter added a chip and did not submit the form
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    expect(chips()).toEqual(['utm_*']);
  });

  it('creates a rule with domain, preserveParams, active and notes, then lists it', async () => {
    const calls = serve([]);
    renderPage();
    await screen.findByText('No URL cleaning rules configured yet.');
    const dialog = await openAddDialog();
    const domain = within(dialog).getByLabelText('Domain');
    expect(domain).toHaveAttribute('placeholder', 'e.g. amazon.com');
    expect(within(dialog).getByLabelText('Active')).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Domain is required');
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(domain, ' shop.example.com ');
    // the message goes as soon as there is a domain
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(domain).not.toHaveAttribute('aria-invalid');
    await userEvent.type(within(dialog).getByLabelText('Preserve Parameters'), 'ref{Enter}');
    await userEvent.click(within(dialog).getByLabelText('Active'));
    await userEvent.type(within(dialog).getByLabelText('Notes'), '  affiliate ref only ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('rowheader', { name: 'shop.example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/url-cleaning-rules');
    expect(post.body).toEqual({
      domain: 'shop.example.com',
      preserveParams: ['ref'],
      active: false,
      notes: 'affiliate ref only',
    });
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    serve([], () =>
      Response.json(
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'A rule for asos.com already exists',
          code: 'CONFLICT',
        },
        { status: 409 },
      ),
    );
    renderPage();
    await screen.findByText('No URL cleaning rules configured yet.');
    const dialog = await openAddDialog();
    await userEvent.type(within(dialog).getByLabelText('Domain'), 'asos.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to save rule: A rule for asos.com already exists',
    );
  });

  it('toggles with PUT of the current fields and the flipped status', async () => {
    const calls = serve(RULES);
    renderPage();
    const amazon = (await screen.findByRole('rowheader', { name: 'amazon.com' })).closest('tr')!;
    await userEvent.click(within(amazon).getByRole('button', { name: 'Active' }));
    expect(await within(amazon).findByRole('button', { name: 'Inactive' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/url-cleaning-rules/r1');
    expect(put.body).toEqual({
      domain: 'amazon.com',
      preserveParams: ['tag'],
      active: false,
      notes: 'Associates tag',
    });
  });

  it('deletes only after the confirmation', async () => {
    const calls = serve(RULES);
    renderPage();
    const asos = (await screen.findByRole('rowheader', { name: 'asos.com' })).closest('tr')!;
    const deleteButton = within(asos).getByRole('button', { name: 'Delete' });
    await userEvent.click(deleteButton);
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Rule' });
    expect(ask).toHaveAccessibleDescription('Are you sure you want to delete this rule?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(deleteButton);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/admin/url-cleaning-rules/r2',
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('rowheader', { name: 'asos.com' })).toBeNull());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('tests a URL and says when the link would be dropped', async () => {
    const calls = serve([]);
    renderPage();
    const test = screen.getByRole('button', { name: 'Test' });
    expect(test).toBeDisabled();
    await userEvent.type(screen.getByLabelText('URL to test'), '   ');
    expect(test).toBeDisabled();
    await userEvent.type(screen.getByLabelText('URL to test'), 'https://www.vinted.com/item/1');
    await userEvent.click(test);
    expect(await screen.findByText('The link would be dropped.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/preview'))!.body).toEqual({
      url: 'https://www.vinted.com/item/1',
    });
  });

  it('shows the load banner when the rules cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'boom' }, { status: 500 })),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load rules$/);
    // a failed load is not an empty list
    expect(screen.queryByText('No URL cleaning rules configured yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading rules...')).not.toBeInTheDocument();
  });
});
