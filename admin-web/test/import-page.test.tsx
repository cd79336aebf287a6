import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostImportAnswer } from '@celebstyle/contracts';
import { ACCESS_TOKEN_STORAGE_KEY, IMPORT_BATCH_ROWS } from '../src/config/constants.ts';
import ImportPage from '../src/features/import/components/import-page.tsx';
import { TestProviders } from './providers.tsx';

afterEach(() => vi.unstubAllGlobals());

const post = (n: number, over: Record<string, unknown> = {}) => ({
  url: `https://wornontv.net/look-${n}/`,
  title: `Look ${n}`,
  celebrity: 'Kyle Richards',
  show: 'RHOBH',
  brand: 'Zara',
  productType: 'Dress',
  platform: 'wornontv',
  ...over,
});

/** A fake catalog import: every row it gets is created, except a url ending in 'server-skip/'. */
function serveImport(options: { failOnCall?: number } = {}) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
  const bodies: { url: string }[][] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== '/api/admin/posts/import') return Response.json({}, { status: 404 });
      const rows = JSON.parse(init.body as string) as { url: string }[];
      bodies.push(rows);
      if (bodies.length === options.failOnCall)
        return Response.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'Catalog is busy' },
          { status: 503 },
        );
      const skippedRows = rows.flatMap((r, i) =>
        r.url.endsWith('server-skip/') ? [{ row: i + 1, url: r.url, reason: 'kept out by the catalog' }] : [],
      );
      const answer: PostImportAnswer = {
        created: rows.length - skippedRows.length,
        updated: 0,
        unchanged: 0,
        skipped: skippedRows.length,
        skippedRows,
        celebritiesCreated: 0,
        showsCreated: 0,
      };
      return Response.json(answer);
    }),
  );
  return bodies;
}

function open() {
  render(
    <TestProviders>
      <MemoryRouter>
        <ImportPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

const upload = (text: string, name = 'posts.ndjson') =>
  userEvent.upload(screen.getByLabelText('File (JSON or NDJSON)'), new File([text], name));

describe('Import Posts', () => {
  it('previews NDJSON rows with their errors, imports the ready ones, and counts what happened', async () => {
    const bodies = serveImport();
    open();
    const lines = [
      JSON.stringify(post(1)),
      '{not json',
      JSON.stringify(post(2, { platform: 'tiktok' })),
      JSON.stringify(post(3, { url: 'https://wornontv.net/server-skip/' })),
      JSON.stringify(post(1, { title: 'Same again' })),
    ];
    await upload(lines.join('\n'));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent(
      'posts.ndjson: 5 rows, 2 ready to import, 3 rows with errors (skipped)',
    );
    const rows = within(within(preview).getByRole('table', { name: 'Preview of the first rows' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'https://wornontv.net/look-1/', 'Look 1', 'Kyle Richards', 'wornontv', 'Ready'],
      ['2', '—', '—', '—', '—', 'not valid JSON'],
      [
        '3',
        'https://wornontv.net/look-2/',
        'Look 2',
        'Kyle Richards',
        'tiktok',
        'platform must be one of: bigblondehair, wornontv',
      ],
      ['4', 'https://wornontv.net/server-skip/', 'Look 3', 'Kyle Richards', 'wornontv', 'Ready'],
      ['5', 'https://wornontv.net/look-1/', 'Same again', 'Kyle Richards', 'wornontv', 'same url as row 1'],
    ]);

    await userEvent.click(within(preview).getByRole('button', { name: 'Import 2 posts' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(bodies).toEqual([[post(1), post(3, { url: 'https://wornontv.net/server-skip/' })]]);
    expect(within(result).getByRole('status')).toHaveTextContent('2 of 2 posts sent');
    const counts = [...result.querySelectorAll('.import-counts > div')].map((d) => d.textContent);
    expect(counts).toEqual(['Created1', 'Updated0', 'Unchanged0', 'Skipped4']);
    const skipped = within(within(result).getByRole('table', { name: 'Skipped rows' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.firstElementChild!.textContent + ': ' + row.lastElementChild!.textContent);
    // the catalog's own skip (its row 2) is reported against the file's row 4
    expect(skipped).toEqual([
      '2: not valid JSON',
      '3: platform must be one of: bigblondehair, wornontv',
      '4: kept out by the catalog',
      '5: same url as row 1',
    ]);
  });

  it('sends a large file in calls of IMPORT_BATCH_ROWS and keeps what was done when a call fails', async () => {
    const bodies = serveImport({ failOnCall: 2 });
    open();
    const total = IMPORT_BATCH_ROWS + 5;
    await upload(JSON.stringify(Array.from({ length: total }, (_, i) => post(i + 1))), 'big.json');
    await userEvent.click(
      await screen.findByRole('button', { name: `Import ${total.toLocaleString('en-US')} posts` }),
    );
    const stopped = await screen.findByRole('region', { name: 'Import stopped' });
    expect(bodies.map((b) => b.length)).toEqual([IMPORT_BATCH_ROWS, 5]);
    expect(within(stopped).getByRole('alert')).toHaveTextContent('Import stopped: Catalog is busy');
    expect(within(stopped).getByRole('status')).toHaveTextContent(
      `${IMPORT_BATCH_ROWS} of ${total.toLocaleString('en-US')} posts sent`,
    );
  });

  it('says what is wrong with a file that cannot be read, and sends nothing', async () => {
    const bodies = serveImport();
    open();
    await upload('[{"url": ', 'broken.json');
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not valid JSON');
    await upload('\n\n', 'empty.ndjson');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file holds no posts'));
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
    // a file of rows none of which can be imported: previewed with the reason, nothing to send
    await upload('{"a": 1}', 'object.json');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('url is required');
    expect(within(preview).getByRole('button', { name: 'Import 0 posts' })).toBeDisabled();
    expect(bodies).toEqual([]);
  });
});
